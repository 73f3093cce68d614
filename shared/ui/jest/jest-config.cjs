// The jest settings every front-end package uses: TypeScript and JSX through @swc/jest
// (2–3× faster than ts-jest here), jsdom with the stubs antd needs.
const path = require('node:path');

/** @param {string} rootDir the package folder */
module.exports = function frontEndJestConfig(rootDir) {
  return {
    rootDir,
    testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // The site imports antd's ES modules (antd/es/…, see rspack/shared-modules.ts); jest runs CommonJS.
    moduleNameMapper: { '^antd/es/(.*)$': 'antd/lib/$1' },
    // @noble/hashes (the request signer's HMAC) ships ES modules only: compiled like our code.
    transformIgnorePatterns: ['/node_modules/(?!@noble/hashes/)'],
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.cjs')],
    // A page test renders the whole frame (antd, the store, lazy pages): seconds on an idle
    // machine, and tens of seconds when CI's two cores are shared (one such test once took
    // more than 60 s). A test that is really stuck still fails, after two minutes.
    testTimeout: 120_000,
    // jest's default is one worker less than the cores: one worker on CI's two cores, with the
    // parent process idle. Two workers use both.
    maxWorkers: 2,
  };
};
