import type { Plugin } from "vite";

/** Other languages' date and pager strings, pulled in by libraries for their own defaults. */
const FOREIGN_DEFAULTS: { importer: RegExp; source: string; to: string }[] = [
  // Pro layout (under @refinedev/antd) registers the Chinese dayjs locale; the app loads a language's own (providers/locale.ts).
  { importer: /@ant-design[\\/]pro-provider[\\/]/, source: "dayjs/locale/zh-cn", to: "\0empty-locale" },
  // rc-pagination's default strings are Chinese; Ant Design always hands it the current locale's.
  {
    importer: /rc-pagination[\\/]es[\\/]Pagination\.js$/,
    source: "./locale/zh_CN",
    to: "rc-pagination/es/locale/en_US",
  },
];

/**
 * An English page loads no other language's code: libraries that import a foreign locale for their
 * own defaults get an empty module or the English strings instead (issue 15).
 */
export function englishDefaults(): Plugin {
  return {
    name: "english-defaults",
    enforce: "pre",
    async resolveId(source, importer) {
      const rule = FOREIGN_DEFAULTS.find((r) => r.source === source && importer && r.importer.test(importer));
      if (!rule) return null;
      if (rule.to.startsWith("\0")) return rule.to;
      return this.resolve(rule.to, importer, { skipSelf: true });
    },
    load: (id) => (id === "\0empty-locale" ? "export default {};" : null),
  };
}
