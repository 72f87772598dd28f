import { createCache, StyleProvider } from "@ant-design/cssinjs";
import { render } from "@testing-library/react";
import { Button } from "antd";
import { saveStyles } from "../../src/components/layout/KeepStyles";
import { restoreStyles, STYLES_KEY, type SavedStyle } from "../../src/providers/style-cache";

const MAP = "data-ant-cssinjs-cache-path";

describe("Ant Design styles kept between loads", () => {
  afterEach(() => document.head.querySelectorAll("style").forEach((style) => style.remove()));

  it("saves each style Ant Design wrote with its component path, in the rule Ant Design reads back", () => {
    const cache = createCache();
    render(
      <StyleProvider cache={cache}>
        <Button>Save</Button>
      </StyleProvider>,
    );
    saveStyles(cache);
    const saved = JSON.parse(localStorage.getItem(STYLES_KEY)!) as SavedStyle[];
    const map = saved.find((style) => style.attrs.some(([name]) => name === MAP))!;
    // `<theme>|Button-Button|ant-btn|anticon:<style id>;…`
    const paths = new Map(
      /content:"(.*)";/
        .exec(map.css)![1]
        .split(";")
        .map((entry) => entry.split(":") as [string, string]),
    );
    const button = [...paths].find(([path]) => path.split("|").some((part) => part.startsWith("Button")));
    expect(button).toBeDefined();
    const style = saved.find((s) => s.attrs.some(([name, value]) => name === "data-css-hash" && value === button![1]));
    expect(style?.css).toContain(".ant-btn");
  });

  it("puts the saved styles back at the head's start, attributes and all, and ignores what it cannot read", () => {
    localStorage.setItem(
      STYLES_KEY,
      JSON.stringify([
        {
          attrs: [
            ["data-css-hash", "abc"],
            ["data-rc-order", "prependQueue"],
          ],
          css: ".x{color:red}",
        },
      ]),
    );
    const own = document.head.appendChild(document.createElement("link"));
    restoreStyles();
    const style = document.head.querySelector<HTMLStyleElement>("style[data-css-hash=abc]")!;
    expect(style.textContent).toBe(".x{color:red}");
    expect(style.getAttribute("data-rc-order")).toBe("prependQueue");
    // Before the app's own stylesheets, which must win over Ant Design's at equal specificity.
    expect(document.head.firstElementChild).toBe(style);
    own.remove();

    document.head.querySelectorAll("style").forEach((s) => s.remove());
    localStorage.setItem(STYLES_KEY, "{not json");
    expect(() => restoreStyles()).not.toThrow();
    expect(document.head.querySelector("style")).toBeNull();
  });

  it("leaves the head alone once Ant Design has written a style of its own (it read its record then)", () => {
    localStorage.setItem(STYLES_KEY, JSON.stringify([{ attrs: [["data-css-hash", "abc"]], css: ".x{color:red}" }]));
    const written = document.head.appendChild(document.createElement("style"));
    written.setAttribute("data-css-hash", "own");
    restoreStyles();
    expect(document.head.querySelector("style[data-css-hash=abc]")).toBeNull();
  });
});
