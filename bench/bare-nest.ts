import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AddressInfo } from 'node:net';

/**
 * The floor of any NestJS-on-Express server: one controller answering a small JSON object, no guards,
 * interceptors, logging or database. Authenticated `GET /api/` is compared with it (bench/rows/api.ts).
 */
@Controller()
class BareController {
  @Get()
  root(): Record<string, string> {
    return { projects: 'http://127.0.0.1/api/projects/', components: 'http://127.0.0.1/api/components/' };
  }
}

@Module({ controllers: [BareController] })
class BareModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(BareModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  process.stdout.write(`${(app.getHttpServer().address() as AddressInfo).port}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
