module.exports = require('./jest/jest-config.cjs')(__dirname);
