/** The SQLite message history: the store, its error types and the shapes its queries use. */
export { HistorySchemaTooNewError, SCHEMA_VERSION } from './migrations.ts';
export { HistoryNotFoundError, HistoryOpenError } from './open-database.ts';
export { HISTORY_FILE_NAME, type OpenSqliteHistoryOptions, SqliteHistoryStore } from './sqlite-history-store.ts';
export type * from './types.ts';
