import sanitizeHtml from 'sanitize-html';

/** A picture address we show: one of our stored images, or any https address. */
export const PICTURE_URL = /^(?:https:\/\/[^\s/?#]+[^\s]*|\/uploads\/image\/[0-9a-f]{32}\.(?:png|jpg|webp))$/;

// Rich text from the editor: formatting, links and images only. No scripts, event handlers,
// iframes, styles or javascript: URLs.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'mark',
    'sub',
    'sup',
    'span',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Pictures only from this server's stored images or over https (a relative src could be any path of ours).
  exclusiveFilter: (frame) => frame.tag === 'img' && !PICTURE_URL.test(frame.attribs.src ?? ''),
  transformTags: {
    // Links that open a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
