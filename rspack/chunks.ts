/** Matches a module under one of `folders` of a package in node_modules (`antd/es/tabs/…`). */
function packageFolders(pkg: string, folders: readonly string[]): RegExp {
  const escaped = pkg.replace(/[/\\]/g, '[\\\\/]');
  return new RegExp(`[\\\\/]node_modules[\\\\/]${escaped}[\\\\/](${folders.join('|')})[\\\\/]`);
}

/** Matches the given files (without `.js`; regular expressions allowed) of a package in node_modules. */
function packageFiles(pkg: string, files: readonly string[]): RegExp {
  const escaped = pkg.replace(/[/\\]/g, '[\\\\/]');
  return new RegExp(`[\\\\/]node_modules[\\\\/]${escaped}[\\\\/](${files.join('|')})\\.js$`);
}

function anyOf(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => pattern.source).join('|'));
}

/** The icons the student frame and every learner page show (antd-learner). */
const LEARNER_ICONS =
  '((Close|Left|Right|Ellipsis|Check|Bars|Loading)Outlined|(CheckCircle|CloseCircle|ExclamationCircle|InfoCircle)Filled)';

/**
 * Where the shell's antd code lands. Provided one component per shared module, rspack's
 * default chunking gave every component its own chunk, plus a chunk for each combination of
 * components sharing ≥ 20 KB of code, and copied what they share below that into each of
 * them (`_util/reactNode.js` in 24 chunks): 我的课程 fetched 43 antd chunks, 230 KB gzip, for
 * 169 KB of distinct code. The shared modules stay one per component (a page asks for what
 * it renders); the code under them goes where it is needed together, one chunk per group,
 * found by listing the modules each learner page loaded (bench:web on a build with named
 * module ids):
 *
 * - `antd-core` (55 KB gzip): what every page with antd runs — ConfigProvider and the zh_CN
 *   locale (cssinjs with stylis, the theme, rc-util, motion, the icon base, antd's `_util`,
 *   the pickers', pager's and confirm dialogs' texts) and rc-form's contexts, which Modal,
 *   Input and Select read (not rc-form itself: see sideEffectFreeRule);
 * - `antd-learner` (41 KB): what most learner pages render — Button, Tag, Space, Spin,
 *   Skeleton, Empty, Tooltip and Popover, with rc-trigger and the common icons;
 * - `antd-select`, `antd-input`, `antd-modal`: one component family each, with the rc-*
 *   package under it, fetched by the pages that render it;
 * - `antd-menu`, `antd-tabs`, `antd-table`: the staff console's (learner pages draw their
 *   tables, tabs, cards and menu with @yaoshi/ui; docs/performance.md).
 *
 * A group is fetched whole by any page needing one of its modules, so a small file imported
 * from elsewhere goes with its importer (Modal's locale, which ConfigProvider imports, is in
 * antd-core; without that every antd page fetched antd-modal).
 * The rest (Form, Image, DatePicker, Progress, Alert, …) keeps rspack's default chunking,
 * fetched only by the pages that render it. With no default chunking at all the learner
 * pages took 559–650 KB (each component copying what it shares). None of it reaches the
 * home page, which renders no antd.
 */
const ANTD_CHUNK_GROUPS = {
  'antd-core': anyOf(
    packageFolders('antd/es', ['_util', 'config-provider', 'theme', 'style', 'locale', 'version']),
    // zh_CN brings the pickers' and the pager's texts; the form context comes with rc-form.
    packageFiles('antd/es', [
      'date-picker/locale/.*',
      'time-picker/locale/.*',
      'calendar/locale/.*',
      'form/context',
      'form/validateMessagesContext',
      'form/hooks/useVariants',
      // ConfigProvider's locale sets the confirm dialogs' texts: without it, every antd page fetched antd-modal.
      'modal/locale',
    ]),
    // ConfigProvider renders the tooltips' shared popup, with the part of rc-trigger it draws
    // with: outside antd-core, every antd page fetched antd-learner for it.
    packageFolders('antd/es/tooltip', ['UniqueProvider']),
    packageFolders('@rc-component/trigger/es', ['Popup', 'UniqueProvider', 'hooks']),
    packageFiles('@rc-component/trigger/es', ['context', 'util']),
    packageFolders('@ant-design', ['cssinjs', 'cssinjs-utils', 'colors', 'fast-color']),
    packageFolders('@ant-design/icons/es', ['components', 'utils']),
    // The icon base's helpers are files beside those folders; outside a group, cssUtils alone
    // was copied into 48 chunks (10 of them on 我的课程).
    packageFiles('@ant-design/icons/es', ['cssUtils', 'colorUtils', 'refUtils', 'utils']),
    packageFolders('@rc-component', ['util', 'motion', 'context', 'portal', 'resize-observer']),
    packageFiles('@rc-component/form/es', ['FormContext', 'FieldContext', 'ListContext']),
    packageFiles('@rc-component', ['pagination/es/locale/.*', 'picker/es/locale/.*']),
    packageFolders('@babel', ['runtime']),
    packageFolders('@emotion', ['hash', 'unitless']),
    /[\\/]node_modules[\\/](clsx|stylis|react-is|is-mobile|throttle-debounce|(compute-)?scroll-into-view(-if-needed)?)[\\/]/,
  ),
  'antd-learner': anyOf(
    packageFolders('antd/es', [
      'button',
      'tooltip',
      'tag',
      'skeleton',
      'spin',
      'space',
      'popover',
      'empty',
      'grid',
      'collapse',
    ]),
    // Pieces of components a learner page does not render, which the ones above import.
    packageFiles('antd/es', [
      'color-picker/components/ColorPresets',
      'color-picker/color',
      'color-picker/util',
      'drawer/useFocusable',
      'watermark/context',
      'table/TableMeasureRowContext',
    ]),
    packageFolders('@rc-component', ['trigger', 'tooltip', 'dropdown', 'color-picker', 'collapse']),
    packageFiles('@ant-design/icons/es', ['renderUtils', `icons/${LEARNER_ICONS}`]),
    // Each icon's drawing is a module of another package; left out, it was copied into every
    // chunk that shows the icon (CloseOutlined into 27).
    packageFiles('@ant-design/icons-svg/es', [`asn/${LEARNER_ICONS}`]),
  ),
  // Modal (and its confirm dialogs): the pages that ask something; not the student frame.
  // Its locale file is in antd-core (ConfigProvider imports it).
  'antd-modal': anyOf(packageFolders('antd/es', ['modal']), packageFolders('@rc-component', ['dialog'])),
  // Menu and Layout: the staff console's frame; the student frame is drawn without them.
  'antd-menu': packageFolders('antd/es', ['menu', 'layout']),
  // Input and TextArea: Typography (its editable text), Select's search, forms and the exam
  // pages import them; outside a group their code was copied into 11 chunks.
  'antd-input': anyOf(packageFolders('antd/es', ['input']), packageFolders('@rc-component', ['input'])),
  // Tabs: Card imports them, so 我的课程 (Card and Tabs) fetched their code twice.
  // Select with its virtual list and rc-overflow (a multiple select's tags): the year and
  // region pickers of learner pages, which have no antd Table or Tabs (see @yaoshi/ui).
  'antd-select': anyOf(
    packageFolders('antd/es', ['select']),
    packageFolders('@rc-component', ['select', 'virtual-list', 'overflow']),
  ),
  // rc-menu too: Tabs' overflow list (OperationNode) is a menu. The staff console's.
  'antd-tabs': anyOf(packageFolders('antd/es', ['tabs']), packageFolders('@rc-component', ['tabs', 'menu'])),
  // Table with Pagination, Tree (its filter) and Dropdown: the staff console's lists.
  'antd-table': anyOf(
    packageFolders('antd/es', ['table', 'pagination', 'tree', 'dropdown']),
    packageFolders('@rc-component', ['table', 'pagination', 'tree']),
  ),
} as const;

export function antdCacheGroups() {
  const groups = Object.entries(ANTD_CHUNK_GROUPS);
  return Object.fromEntries(
    groups.map(([name, test], index) => [
      name,
      // Earlier groups first: a module both would take goes to the more widely needed one.
      { test, name, chunks: 'async' as const, enforce: true, priority: 40 - index * 10 },
    ]),
  );
}
