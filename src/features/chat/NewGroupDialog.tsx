import { useState } from "react";
import { useCreate, useList, useTranslate } from "@refinedev/core";
import { Alert, Form, Input, Modal, Select } from "antd";
import { applyFieldErrors, errorMessage } from "../../components/kit/errors";
import { formOnlyRequired, writeRules } from "../../components/kit/rules";
import { GROUP_MAX, REST, TITLE_MAX, type Contact, type Conversation, type NewConversation } from "./model";
import { ON_REST } from "../../providers/rest";
import { useTypedSearch } from "../../components/kit/list";

const rule = writeRules("/api/v2/chat-conversations");

// labelInValue: a picked person keeps their name while the options follow another search.
interface Values {
  title: string;
  participantIds: { value: number; label: string }[];
}

/** Starts a named group with some of the user's contacts (the user takes part without being picked). */
export function NewGroupDialog({ onClose, onMade }: { onClose(): void; onMade(c: Conversation): void }) {
  const t = useTranslate();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useTypedSearch();
  const [failure, setFailure] = useState<string>();
  const { mutateAsync: create, mutation } = useCreate<Conversation>();
  const contacts = useList<Contact>({
    resource: REST.contacts,
    ...ON_REST,
    pagination: { pageSize: 100 },
    filters: search ? [{ field: "q", operator: "eq", value: search }] : [],
    errorNotification: false,
  });

  const submit = async (values: Values) => {
    setFailure(undefined);
    try {
      const { data } = await create({
        resource: REST.conversations,
        ...ON_REST,
        values: {
          type: "group",
          title: values.title.trim(),
          participantIds: values.participantIds.map((p) => p.value),
        } satisfies NewConversation,
        successNotification: false,
        errorNotification: false,
      });
      onMade(data);
    } catch (e) {
      if (!applyFieldErrors(form, e)) setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      title={t("chat.group.title")}
      okText={t("chat.group.create")}
      cancelText={t("buttons.cancel")}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item
          name="title"
          label={t("chat.group.name")}
          rules={[
            // The server requires a title of a group only (a direct conversation takes none), which the schema's
            // required list cannot say.
            { ...formOnlyRequired(t("chat.group.nameRequired")), whitespace: true },
            { max: TITLE_MAX, message: t("chat.tooLong", { max: TITLE_MAX }) },
          ]}
        >
          <Input maxLength={TITLE_MAX} showCount autoFocus />
        </Form.Item>
        <Form.Item
          name="participantIds"
          label={t("chat.group.people")}
          rules={rule("participantIds", t("chat.group.peopleRequired"), [
            { type: "array", max: GROUP_MAX, message: t("chat.group.tooMany", { max: GROUP_MAX }) },
          ])}
        >
          <Select
            mode="multiple"
            labelInValue
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={contacts.query.isFetching}
            placeholder={t("chat.searchContacts")}
            notFoundContent={contacts.query.isFetching ? undefined : t("chat.noMatch")}
            options={(contacts.result.data ?? []).map((c) => ({
              value: c.id,
              label: c.area === "supplier" && c.shops.length ? `${c.name} · ${c.shops.join(", ")}` : c.name,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
