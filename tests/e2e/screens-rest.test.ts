import { walkScreens } from "./screens-looks.js";

walkScreens([
  { user: "admin", look: "fr" },
  { user: "supplier1", look: "fr" },
  { user: "supplier1", look: "en" },
  { user: "supplier1", look: "ar" },
]);
