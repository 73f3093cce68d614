// One place for every API path: `@yaoshi/contracts` declares each endpoint's method and path
// once (shared/contracts/src/routes/*, release-registry-paths.ts), the server registers its
// routes from them and the browser sends by them. A `/v1/...` string written anywhere else is a
// second copy that drifts; this rule refuses it. Tests and browser tests may write the paths
// they observe on the wire (that is what they check), so the rule is not applied to them
// (`API_PATH_RULE_IGNORES` in config.mjs).

/** A literal API path: `'/v1/…'`, or a template starting with it. */
const API_PATH = /^\/v1\//;

/** @type {import('eslint').Rule.RuleModule} */
const noLiteralApiPath = {
  meta: {
    type: 'problem',
    docs: { description: 'API paths are written once, in @yaoshi/contracts' },
    schema: [],
    messages: {
      literal:
        "'{{ path }}' is an API path written by hand: send by the endpoint's route from @yaoshi/contracts/routes/* " +
        '(or a path constant declared in @yaoshi/contracts), where each path is written once.',
    },
  },
  create(context) {
    const report = (node, path) => context.report({ node, messageId: 'literal', data: { path } });
    return {
      Literal(node) {
        if (typeof node.value === 'string' && API_PATH.test(node.value)) report(node, node.value);
      },
      TemplateLiteral(node) {
        const head = node.quasis[0]?.value.cooked ?? '';
        if (API_PATH.test(head)) report(node, `${head}…`);
      },
    };
  },
};

export const apiPathsPlugin = { rules: { 'no-literal-api-path': noLiteralApiPath } };
