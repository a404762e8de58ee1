/** The PostgreSQL connection string the application runs on (external or embedded). */
export const DATABASE_URL = Symbol('DATABASE_URL');
