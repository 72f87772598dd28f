import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * The chat app (docs/api/chat.md): contacts, conversations and messages are REST under /api/v2
 * (`chat-contacts`, `chat-conversations`, its `messages`), read through the `rest` data provider; new
 * messages arrive through the event stream `chat-events`. No legacy endpoint.
 */
export const chat = {
  name: "chat",
  endpoints: {},
  pages: {
    chat: { list: page(() => import("./ChatScreen").then((m) => m.ChatScreen)) },
    "supplier-chat": { list: page(() => import("./ChatScreen").then((m) => m.ChatScreen)) },
  },
  resources: screensOf("chat"),
} satisfies ResourceModule;

export default chat;
