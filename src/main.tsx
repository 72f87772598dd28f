import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { resumeSession } from "./providers/auth";
import "./providers/i18n";

// A session restored from storage still ends at its token's exp.
resumeSession();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
