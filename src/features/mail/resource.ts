import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * The mail app (docs/api/mail.md): each user's own mail between users of the system. Everything is REST
 * under /api/v2 (`mails`, `mail-labels`, `mail-contacts`), read through the `rest` data provider.
 */
export const mail = {
  name: "mail",
  endpoints: {},
  pages: {
    mail: { list: page(() => import("./MailApp").then((m) => m.MailApp)) },
    "supplier-mail": { list: page(() => import("./MailApp").then((m) => m.MailApp)) },
  },
  resources: screensOf("mail"),
} satisfies ResourceModule;

export default mail;
