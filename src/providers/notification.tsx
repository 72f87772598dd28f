import type { NotificationProvider } from "@refinedev/core";
import { App, Button, Progress, Space } from "antd";
import { useMemo } from "react";

/** Spec §9, the main app's toasts: at most 5 at once, 3 s, top right. */
export const MAIN_TOASTS = { maxCount: 5, duration: 3, placement: "topRight" } as const;

/**
 * Refine notifications on antd's App-scoped notification API. Written here rather than taken
 * from @refinedev/antd so the sign-in bundle does not pull that package (markdown, pro-layout).
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      open: ({ key, message, description, type, undoableTimeout, cancelMutation }) => {
        if (type === "progress") {
          const seconds = undoableTimeout ?? 5;
          notification.open({
            key,
            message,
            description: (
              <Space>
                <Progress type="circle" size={32} percent={100} format={() => seconds} />
                {description}
                <Button
                  size="small"
                  onClick={() => {
                    cancelMutation?.();
                    if (key) notification.destroy(key);
                  }}
                >
                  ↶
                </Button>
              </Space>
            ),
            duration: 0,
            closable: false,
          });
          return;
        }
        // The same toast twice is shown once: without its own key, its text is the key.
        notification.open({ key: key ?? `${type}:${message}:${description ?? ""}`, message, description, type });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification],
  );
}
