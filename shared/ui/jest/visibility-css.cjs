// antd writes its styles into <style> elements at run time (CSS-in-JS). jsdom's
// getComputedStyle matches an element against every rule of every style sheet, and Testing
// Library's role queries and user-event ask it for every element they pass: with antd's
// thousands of rules a page test spent four fifths of its time matching selectors (a console
// page test: 49 s, 11 s without them). Tests read only what decides whether an element is
// shown and can be pressed, so the styles keep just those declarations.

/** What a test observes of CSS: whether an element is displayed, visible and takes the pointer. */
const KEPT_PROPERTIES = new Set(['display', 'visibility', 'pointer-events']);
/** Blocks that hold rules (kept around the kept rules); any other at-rule (@keyframes, @font-face) goes. */
const GROUPING_RULE = /^@(media|supports|layer|container|document)\b/i;

/** The index of the `}` closing the block whose `{` is at `open`, quotes and nesting respected. */
function blockEnd(css, open) {
  let depth = 0;
  let quote = '';
  for (let index = open; index < css.length; index += 1) {
    const char = css[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return index;
  }
  return css.length;
}

/** The declarations of one rule that tests observe, or '' when it has none. */
function keptDeclarations(body) {
  return body
    .split(';')
    .filter((declaration) => KEPT_PROPERTIES.has(declaration.slice(0, declaration.indexOf(':')).trim().toLowerCase()))
    .join(';');
}

/** A style sheet's text with only the declarations of KEPT_PROPERTIES, in their rules and grouping blocks. */
function visibilityCss(css) {
  let out = '';
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open < 0) break;
    const prelude = css.slice(index, open).trim();
    const close = blockEnd(css, open);
    const body = css.slice(open + 1, close);
    // A statement at-rule (@import, @charset, stylis' @layer a,b;) before the prelude ends with ';'.
    const selector = prelude.slice(prelude.lastIndexOf(';') + 1).trim();
    if (selector.startsWith('@')) {
      if (GROUPING_RULE.test(selector)) {
        const inner = visibilityCss(body);
        if (inner) out += `${selector}{${inner}}`;
      }
    } else if (selector) {
      const kept = keptDeclarations(body);
      if (kept) out += `${selector}{${kept}}`;
    }
    index = close + 1;
  }
  return out;
}

module.exports = { visibilityCss };
