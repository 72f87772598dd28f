import { walkScreens } from "./screens-looks.js";

walkScreens([{ user: "admin", look: "en" }]);
