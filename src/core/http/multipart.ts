import {
  applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata, UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { catchError, concatMap, Observable } from 'rxjs';
import { AppConfig } from '../../config/app-config';
import { ParseError, PayloadTooLargeError, ValidationError } from '../errors/domain-error';
import { assertDictionaryBody } from './request-body-shape';

/** A file of a multipart request, streamed to a temporary file under DATA_DIR (removed when the response ends). */
export interface UploadedFile {
  fieldname: string;
  originalname: string;
  size: number;
  /** The temporary file. */
  path: string;
  read(): Promise<Buffer>;
}

/** The files of a multipart request, by field name. */
export type UploadedFiles = Record<string, UploadedFile>;

const FILES = Symbol('uploadedFiles');
const ACCEPTS_UPLOADS = 'acceptsUploads';

export function uploadedFiles(req: Request): UploadedFiles {
  return (req as unknown as Record<symbol, UploadedFiles | undefined>)[FILES] ?? {};
}

/** An uploaded file read into memory, for the code that parses it (within UPLOAD_MAX_BYTES). */
export interface FileContent {
  originalname: string;
  buffer: Buffer;
}

export async function readUploaded(file: UploadedFile | undefined): Promise<FileContent | undefined> {
  return file && { originalname: file.originalname, buffer: await file.read() };
}

/** How much of a multipart body a route reads; the file size limit is UPLOAD_MAX_BYTES. */
export interface UploadLimits {
  files: number;
  fields: number;
  fieldSize: number;
}

const DEFAULT_LIMITS: UploadLimits = { files: 2, fields: 50, fieldSize: 64 * 1024 };

/**
 * For the routes that take files. Multipart bodies are parsed only once the guards (rate limit, access policy)
 * have let the request in; on every other route they are read as plain forms (multipart-form.interceptor.ts).
 */
export const AcceptsUploads = (limits: Partial<UploadLimits> = {}) =>
  applyDecorators(SetMetadata(ACCEPTS_UPLOADS, { ...DEFAULT_LIMITS, ...limits }), UseInterceptors(MultipartInterceptor));

export function takesUploads(reflector: Reflector, context: ExecutionContext): boolean {
  return Boolean(reflector.get(ACCEPTS_UPLOADS, context.getHandler()));
}

/**
 * Runs a multer middleware over the request. With `maxBytes`, a body declared larger is refused before anything
 * is read, and one that turns out larger (chunked) is cut off once it passes the limit.
 */
export function parseMultipart(req: Request, res: Response, middleware: RequestHandler, maxBytes = Infinity): Promise<void> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.reject(new PayloadTooLargeError('Request body is too large.'));
  return new Promise<void>((resolve, reject) => {
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return;
      req.off('data', count);
      req.unpipe();
      reject(new PayloadTooLargeError('Request body is too large.'));
    };
    void middleware(req, res, (error?: unknown) => {
      req.off('data', count);
      if (error) reject(translateMultipartError(error));
      else resolve();
    });
    // multer has piped the request by now; counting alongside it sees every chunk.
    if (Number.isFinite(maxBytes)) req.on('data', count);
  });
}

/** Streams the files of an upload route's multipart body to DATA_DIR/tmp/uploads, within the route's limits. */
@Injectable()
class MultipartInterceptor implements NestInterceptor {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (!req.is('multipart/form-data')) return next.handle();
    const limits: UploadLimits = this.reflector.get(ACCEPTS_UPLOADS, context.getHandler());
    const dir = join(this.config.dataDir, 'tmp', 'uploads');
    await mkdir(dir, { recursive: true });
    const parse = multer({
      storage: multer.diskStorage({ destination: dir }),
      limits: { fileSize: this.config.uploadMaxBytes, files: limits.files, fields: limits.fields, fieldSize: limits.fieldSize, parts: limits.files + limits.fields },
    }).any();
    await parseMultipart(req, res, parse);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    // The temporary files go before the answer does, whatever the handler did with them.
    const removeFiles = () => Promise.all(files.map((file) => rm(file.path, { force: true })));
    try {
      req.body = { ...req.body };
      assertDictionaryBody(req.body);
    } catch (error) {
      await removeFiles();
      throw error;
    }
    (req as unknown as Record<symbol, UploadedFiles>)[FILES] = Object.fromEntries(files.map((file) => [file.fieldname, toUploadedFile(file)]));
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        await removeFiles();
        return value;
      }),
      catchError(async (error: unknown) => {
        await removeFiles();
        throw error;
      }),
    );
  }
}

function toUploadedFile(file: Express.Multer.File): UploadedFile {
  return { fieldname: file.fieldname, originalname: file.originalname, size: file.size, path: file.path, read: () => readFile(file.path) };
}

/** Parser failures become our own errors, so they reach the exception filter and get a `detail`. */
function translateMultipartError(error: unknown): unknown {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeError(`Uploaded file "${error.field}" is too large.`);
    if (error.code === 'LIMIT_UNEXPECTED_FILE' && error.field) {
      return ValidationError.field(error.field, 'This endpoint does not accept files; send this field as text.', 'unexpected_file');
    }
    return new ParseError(`Multipart form parse error - ${error.message}`);
  }
  // busboy's own complaints: a truncated body, a boundary that does not match, malformed part headers.
  if (error instanceof Error) return new ParseError(`Multipart form parse error - ${error.message}`);
  return error;
}
