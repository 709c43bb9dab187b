import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/database/data-source-options';

/** For the TypeORM CLI (e.g. `npx typeorm migration:generate -d dist/ormconfig.js`); needs DATABASE_URL. */
const config = loadConfig();
if (!config.databaseUrl) throw new Error('the TypeORM CLI needs DATABASE_URL; the server itself starts an embedded database');
export default new DataSource(dataSourceOptions(config.databaseUrl));
