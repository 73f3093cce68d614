/**
 * Shared-package versions for release registry tests: what a remote's build records
 * (`SHARED_BUILT`) and the ranges a live shell provides (`SHELL_PROVIDES`), which fit.
 */
export const SHARED_BUILT: Readonly<Record<string, string>> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  antd: '6.6.8',
  '@reduxjs/toolkit': '2.14.0',
  'react-redux': '9.3.1',
  '@yaoshi/api-client': '0.1.0',
  '@yaoshi/contracts': '0.1.0',
};

export const SHELL_PROVIDES: Readonly<Record<string, string>> = {
  react: '^19.2.0',
  'react-dom': '^19.2.0',
  'react-router-dom': '^7.18.5',
  antd: '^6.6.8',
  '@reduxjs/toolkit': '^2.14.0',
  'react-redux': '^9.3.1',
  '@yaoshi/api-client': '^0.1.0',
  '@yaoshi/contracts': '^0.1.0',
};
