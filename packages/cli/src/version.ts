/** Kept in step with package.json's version (a test checks they agree). */
export const CLI_VERSION = '0.1.0';
