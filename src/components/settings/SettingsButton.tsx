import { SettingOutlined } from "@ant-design/icons";
import { Button, theme } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../providers/settings-context";

// The drawer's controls load on first open.
const SettingsDrawer = lazy(() => import("./SettingsDrawer"));

/** Opens the settings drawer; a dot marks settings that differ from the defaults. */
export function SettingsButton() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { changed, drawerOpen, setDrawerOpen } = useSettings();
  const [loaded, setLoaded] = useState(false);
  if (drawerOpen && !loaded) setLoaded(true);
  return (
    <>
      <span style={{ position: "relative", display: "inline-flex" }}>
        <Button
          type="text"
          shape="circle"
          // The dot is seen; its meaning is heard with the button's name.
          aria-label={changed ? `${t("settings.open")} (${t("settings.changed")})` : t("settings.open")}
          data-testid="settings-button"
          icon={
            <SettingOutlined
              spin={!changed}
              className="settings-gear"
              style={{ fontSize: 20, animationDuration: "6s" }}
            />
          }
          onClick={() => setDrawerOpen(true)}
        />
        {changed && (
          <span
            data-testid="settings-dot"
            aria-hidden
            style={{
              position: "absolute",
              top: 4,
              insetInlineEnd: 4,
              width: 8,
              height: 8,
              borderRadius: 4,
              background: token.colorError,
              pointerEvents: "none",
            }}
          />
        )}
      </span>
      {loaded && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </>
  );
}
