import type { MouseEvent, ReactNode } from "react";
import { useCreateButton, useEditButton, useGo, useListButton, useShowButton, type BaseKey } from "@refinedev/core";
import { Button, type ButtonProps } from "antd";
import { EditOutlined, EyeOutlined, PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";

type Nav = { to: string; label: string; title: string; hidden: boolean; disabled: boolean };
type Props = Omit<ButtonProps, "href" | "onClick" | "title"> & { resource: string; hideText?: boolean };

/**
 * Refine's navigation buttons (`useCreateButton`/`useEditButton`/`useShowButton`: the route from the
 * resource, the access check through `useCan`) drawn as one antd link-button. `@refinedev/antd` wraps
 * a <button> in an <a>: two tab stops, and the link has no name of its own. `icon={null}` draws none.
 */
function NavButton({
  nav,
  icon,
  hideText,
  children,
  ...props
}: Omit<Props, "resource"> & { nav: Nav; icon: ReactNode }) {
  const go = useGo();
  if (nav.hidden) return null;
  // Middle-click, ctrl-click and "open in new tab" use the href; a plain click stays in the app.
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!nav.disabled) go({ to: nav.to, type: "push" });
  };
  const disabled = nav.disabled || props.disabled;
  return (
    <Button
      icon={icon}
      {...props}
      disabled={disabled}
      href={disabled ? undefined : nav.to}
      onClick={onClick}
      title={hideText ? nav.title || nav.label : undefined}
    >
      {!hideText && (children ?? nav.label)}
    </Button>
  );
}

export function ListButton({ resource, ...props }: Props) {
  return (
    <NavButton
      {...props}
      icon={"icon" in props ? props.icon : <UnorderedListOutlined />}
      nav={useListButton({ resource })}
    />
  );
}

export function CreateButton({ resource, ...props }: Props) {
  return (
    <NavButton {...props} icon={"icon" in props ? props.icon : <PlusOutlined />} nav={useCreateButton({ resource })} />
  );
}

export function EditButton({ resource, recordItemId, ...props }: Props & { recordItemId: BaseKey }) {
  return (
    <NavButton
      {...props}
      icon={"icon" in props ? props.icon : <EditOutlined />}
      nav={useEditButton({ resource, id: recordItemId })}
    />
  );
}

export function ShowButton({ resource, recordItemId, ...props }: Props & { recordItemId: BaseKey }) {
  return (
    <NavButton
      {...props}
      icon={"icon" in props ? props.icon : <EyeOutlined />}
      nav={useShowButton({ resource, id: recordItemId })}
    />
  );
}
