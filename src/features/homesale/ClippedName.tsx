import "./homesale.css";

/**
 * A name on one line, cut with an ellipsis at its own end and shown whole on hover. The line takes the
 * name's direction (an English product name in an Arabic page is cut on its right, not its left) and
 * sits at the page's start side.
 */
export function ClippedName({ text }: { text: string }) {
  return (
    <span dir="auto" title={text} className="homesale-clip">
      {text}
    </span>
  );
}
