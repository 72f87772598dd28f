import { useCallback, useMemo, useState } from "react";
import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Alert, App, Button, Dropdown, Empty, Result, Skeleton, Space, Tag } from "antd";
import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  PaperClipOutlined,
  PlusOutlined,
  UserOutlined,
} from "@ant-design/icons";
import dayjs from "dayjs";
import { ColumnNameDialog, DragBoard, type BoardColumn } from "../../components/kit/board";
import { errorMessage } from "../../components/kit/errors";
import { date } from "../../components/kit/format";
import { writeRules } from "../../components/kit/rules";
import { COLUMN_NAME_MAX, dueState, type TaskCard } from "./model";
import { useTaskBoard } from "./useTaskBoard";
import { CardDrawer } from "./CardDrawer";
import "./taskboard.css";

const columnRule = writeRules("/api/kanban/columns/update");

type Editing = { mode: "create"; columnId: number } | { mode: "edit"; cardId: number };
type Naming = { mode: "add" } | { mode: "rename"; column: BoardColumn };

/** A card's face on the board: name, a few words of its description, due date, assignee, attachments. */
function CardFace({ card, today }: { card: TaskCard; today: dayjs.Dayjs }) {
  const t = useTranslate();
  const due = card.dueDate ? dueState(card.dueDate, today) : undefined;
  return (
    <div className="taskboard-card">
      <div className="taskboard-card-name">
        <bdi>{card.name}</bdi>
      </div>
      {card.description && (
        <div className="taskboard-card-description">
          <bdi>{card.description}</bdi>
        </div>
      )}
      {(due || card.assigneeName || card.attachmentCount > 0) && (
        <div className="taskboard-card-meta">
          {due && card.dueDate && (
            <Tag
              className="taskboard-due"
              data-due={due}
              color={due === "overdue" ? "error" : due === "today" ? "warning" : undefined}
              icon={<ClockCircleOutlined />}
            >
              {due === "overdue"
                ? t("taskboard.cards.overdue", { date: date(card.dueDate) })
                : due === "today"
                  ? t("taskboard.cards.dueToday")
                  : t("taskboard.cards.due", { date: date(card.dueDate) })}
            </Tag>
          )}
          {card.assigneeName && (
            <span
              className="taskboard-card-assignee"
              title={t("taskboard.cards.assignedTo", { name: card.assigneeName })}
            >
              <UserOutlined aria-hidden /> <bdi>{card.assigneeName}</bdi>
            </span>
          )}
          {card.attachmentCount > 0 && (
            <span
              className="taskboard-card-files"
              aria-label={t("taskboard.cards.attachments", { count: card.attachmentCount })}
            >
              <PaperClipOutlined aria-hidden /> {card.attachmentCount}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/** The signed-in user's own task board: columns of cards arranged by dragging, cards edited in a drawer. */
export function TaskBoard() {
  const t = useTranslate();
  const { modal, notification } = App.useApp();
  const api = useTaskBoard();
  const { board, loading, error } = api;
  const [editing, setEditing] = useState<Editing>();
  const [naming, setNaming] = useState<Naming>();
  const [starting, setStarting] = useState(false);
  // Overdue is judged against the day the board was opened; a new day needs a reload.
  const today = useMemo(() => dayjs(), []);

  const failed = useCallback(
    (e: unknown) => notification.error({ message: t("taskboard.failed"), description: errorMessage(e) }),
    [notification, t],
  );

  const startTemplate = async () => {
    setStarting(true);
    try {
      for (const key of ["todo", "doing", "done"]) await api.addColumn(t(`taskboard.template.${key}`));
    } catch (e) {
      failed(e);
    } finally {
      setStarting(false);
    }
  };

  const confirmDelete = useCallback(
    (column: BoardColumn) => {
      const n = column.cardIds.length;
      modal.confirm({
        title: t("taskboard.columns.deleteTitle", { name: column.name }),
        content:
          n === 0
            ? t("taskboard.columns.deleteEmpty")
            : n === 1
              ? t("taskboard.columns.deleteOne")
              : t("taskboard.columns.deleteMany", { count: n }),
        okText: t("taskboard.columns.delete"),
        okButtonProps: { danger: true },
        cancelText: t("buttons.cancel"),
        onOk: () => api.deleteColumn(column.id).catch(failed),
      });
    },
    [modal, t, api, failed],
  );

  const renderCard = useCallback((card: TaskCard) => <CardFace card={card} today={today} />, [today]);
  const cardLabel = useCallback((card: TaskCard) => card.name, []);
  const openCard = useCallback((card: TaskCard) => setEditing({ mode: "edit", cardId: card.id }), []);
  const columnExtra = useCallback(
    (column: BoardColumn) => (
      <Dropdown
        trigger={["click"]}
        menu={{
          items: [
            {
              key: "rename",
              icon: <EditOutlined />,
              label: t("taskboard.columns.rename"),
              onClick: () => setNaming({ mode: "rename", column }),
            },
            {
              key: "delete",
              icon: <DeleteOutlined />,
              danger: true,
              label: t("taskboard.columns.delete"),
              onClick: () => confirmDelete(column),
            },
          ],
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t("taskboard.columns.actions", { name: column.name })}
        />
      </Dropdown>
    ),
    [t, confirmDelete],
  );
  const columnFooter = useCallback(
    (column: BoardColumn) => (
      <Button
        type="text"
        block
        icon={<PlusOutlined />}
        className="taskboard-add-card"
        onClick={() => setEditing({ mode: "create", columnId: column.id })}
      >
        {t("taskboard.cards.add")}
      </Button>
    ),
    [t],
  );

  const addColumn = (
    <Button icon={<PlusOutlined />} onClick={() => setNaming({ mode: "add" })} disabled={!board}>
      {t("taskboard.columns.add")}
    </Button>
  );

  let body;
  if (!board) {
    body = error ? (
      <Result
        status="error"
        title={t("taskboard.loadFailed")}
        subTitle={errorMessage(error)}
        extra={
          <Button onClick={() => void api.reload()} loading={loading}>
            {t("taskboard.retry")}
          </Button>
        }
      />
    ) : (
      <Skeleton active />
    );
  } else if (board.columnOrder.length === 0) {
    body = (
      <Empty
        description={
          <Space direction="vertical" size={4}>
            <strong>{t("taskboard.empty.title")}</strong>
            <span>{t("taskboard.empty.description")}</span>
          </Space>
        }
      >
        <Space wrap style={{ justifyContent: "center" }}>
          <Button type="primary" onClick={startTemplate} loading={starting}>
            {t("taskboard.empty.template")}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setNaming({ mode: "add" })} disabled={starting}>
            {t("taskboard.columns.add")}
          </Button>
        </Space>
      </Empty>
    );
  } else {
    body = (
      <>
        {error ? (
          <Alert
            type="warning"
            showIcon
            message={t("taskboard.loadFailed")}
            description={errorMessage(error)}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <DragBoard
          board={board}
          onMove={api.move}
          renderCard={renderCard}
          cardLabel={cardLabel}
          onCardOpen={openCard}
          columnExtra={columnExtra}
          columnFooter={columnFooter}
        />
      </>
    );
  }

  const editedCard = editing?.mode === "edit" ? board?.cards[editing.cardId] : undefined;
  return (
    <List title={t("resources.taskboard")} headerButtons={addColumn}>
      {body}
      {naming && (
        <ColumnNameDialog
          title={naming.mode === "add" ? t("taskboard.columns.addTitle") : t("taskboard.columns.renameTitle")}
          label={t("taskboard.columns.name")}
          initial={naming.mode === "rename" ? naming.column.name : ""}
          max={COLUMN_NAME_MAX}
          rules={columnRule("column.name", t("taskboard.columns.nameRequired"), [
            { max: COLUMN_NAME_MAX, message: t("taskboard.tooLong", { max: COLUMN_NAME_MAX }) },
          ])}
          onClose={() => setNaming(undefined)}
          onSave={async (name) => {
            await (naming.mode === "add" ? api.addColumn(name) : api.renameColumn(naming.column.id, name));
            setNaming(undefined);
          }}
        />
      )}
      {editing && board && (editing.mode === "create" || editedCard) && (
        <CardDrawer
          key={editing.mode === "edit" ? editing.cardId : `new-${editing.columnId}`}
          card={editedCard}
          columnName={board.columns[editing.mode === "create" ? editing.columnId : editedCard!.columnId]?.name ?? ""}
          api={api}
          onCreate={(values) => api.createCard((editing as { columnId: number }).columnId, values)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </List>
  );
}
