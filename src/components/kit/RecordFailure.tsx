import { Button, Result } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { errorMessage, isNotFound } from "./errors";

interface RecordQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a record's screen shows, instead of itself, when its record could not be read
 * (`if (query.isError) return <RecordFailure …/>`): a record that does not exist or belongs to
 * another shop (the server says 404 for both) gets the not-found page with a way back, never an
 * empty form; any other failure says so and offers another try.
 */
export function RecordFailure({ query, backTo }: { query: RecordQuery; backTo: string }) {
  const { t } = useTranslation();
  const back = (
    <Link to={backTo}>
      <Button type="primary">{t("errors.backToList")}</Button>
    </Link>
  );
  if (isNotFound(query.error)) {
    return (
      <Result status="404" title={t("errors.recordNotFound")} subTitle={t("errors.recordNotFoundHint")} extra={back} />
    );
  }
  return (
    <Result
      status="error"
      title={t("errors.loadFailed")}
      subTitle={errorMessage(query.error)}
      extra={[
        <Button key="retry" onClick={() => void query.refetch()}>
          {t("errors.retry")}
        </Button>,
        <span key="back">{back}</span>,
      ]}
    />
  );
}
