import { useEffect, useEffectEvent, useState } from "react";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { Alert, Button, Modal, Spin } from "antd";
import { PrinterOutlined } from "@ant-design/icons";
import { dateTime, useFormat } from "../../components/kit/format";
import type { ActionAnswer } from "../../resources/calls";
import { writeCall } from "./model";
import type { orders } from "./endpoints";
import "./print.css";
import { errorMessage } from "../../components/kit/errors";

/** The bill as the server numbers it. */
type BillAnswer = ActionAnswer<typeof orders, "bill">;
type Bill = BillAnswer["data"];

/** The bill / job report: the server numbers it and logs the print; the browser prints it. */
export default function BillDialog({
  orderId,
  onClose,
  onPrinted,
}: {
  orderId: number;
  onClose: () => void;
  onPrinted: () => unknown;
}) {
  const t = useTranslate();
  const { money } = useFormat();
  const { mutateAsync } = useCustomMutation<BillAnswer>();
  const [bill, setBill] = useState<Bill>();
  const [error, setError] = useState<string>();

  // The server logs each print: the bill is asked for once per order, whatever the parent re-renders with.
  const printed = useEffectEvent((next: Bill) => {
    setBill(next);
    onPrinted();
  });
  const failed = useEffectEvent((e: unknown) => setError(errorMessage(e) ?? t("orders.messages.actionFailed")));
  useEffect(() => {
    mutateAsync({ ...writeCall("bill", { id: orderId }), successNotification: false, errorNotification: false })
      .then((res) => printed(res.data.data))
      .catch((e: unknown) => failed(e));
  }, [orderId, mutateAsync]);

  return (
    <Modal
      open
      width={820}
      title={t("orders.titles.bill")}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t("orders.actions.close")}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!bill} onClick={() => window.print()}>
          {t("orders.actions.print")}
        </Button>,
      ]}
    >
      {error && <Alert type="error" message={error} />}
      {!bill && !error && <Spin />}
      {bill && (
        <div className="orders-print">
          <h2 style={{ marginTop: 0 }}>
            {t("orders.titles.bill")} {bill.documentNo}
          </h2>
          <p>
            {t("orders.fields.orderNo")}: <strong>{bill.orderNo}</strong> · {t("orders.fields.shop")}: {bill.shop.name}
            <br />
            {t("orders.fields.customer")}: {bill.customer.name}
            {bill.shippingAddress && (
              <>
                <br />
                {bill.shippingAddress.address} {bill.shippingAddress.district} {bill.shippingAddress.province}{" "}
                {bill.shippingAddress.zipcode}
              </>
            )}
          </p>
          <table>
            <thead>
              <tr>
                <th>{t("orders.fields.productCode")}</th>
                <th>{t("orders.fields.product")}</th>
                <th className="num">{t("orders.fields.qty")}</th>
                <th className="num">{t("orders.fields.unitPrice")}</th>
                <th className="num">{t("orders.fields.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {bill.items.map((item, i) => (
                <tr key={i}>
                  <td>{item.productCode}</td>
                  <td>{item.productName}</td>
                  <td className="num">{item.qty}</td>
                  <td className="num">{money(item.unitPrice)}</td>
                  <td className="num">{money(item.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={4} className="num">
                  {t("orders.fields.subtotal")}
                </td>
                <td className="num">{money(bill.subtotal)}</td>
              </tr>
              <tr>
                <td colSpan={4} className="num">
                  {t("orders.fields.discount")}
                </td>
                <td className="num">{money(-bill.discount)}</td>
              </tr>
              <tr>
                <td colSpan={4} className="num">
                  {t("orders.fields.shippingFee")}
                </td>
                <td className="num">{money(bill.shippingFee)}</td>
              </tr>
              <tr>
                <th colSpan={4} className="num">
                  {t("orders.fields.total")}
                </th>
                <th className="num">{money(bill.total)}</th>
              </tr>
            </tfoot>
          </table>
          <p style={{ fontSize: 12, marginTop: 12 }}>
            {t("orders.fields.printedBy")}: {bill.printedBy} · {dateTime(bill.printedAt)}
          </p>
        </div>
      )}
    </Modal>
  );
}
