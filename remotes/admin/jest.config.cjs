module.exports = require('@yaoshi/ui/jest/jest-config.cjs')(__dirname);
