/** Shown in the footer and reported by GET /api/v1/app_config/; matches package.json. */
export const APP_VERSION = '0.1.0';
export const APP_NAME = 'Hafla';
