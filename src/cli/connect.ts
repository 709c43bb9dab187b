import { DataSource } from 'typeorm';

/** The CLI's DataSource starts unconnected (see CliModule); commands that need it connect here. */
export async function connect(dataSource: DataSource): Promise<DataSource> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  return dataSource;
}
