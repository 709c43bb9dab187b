import {
  applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata, UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { catchError, concatMap, Observable } from 'rxjs';
import { AppConfig } from '../../config/app-config';
import { ParseError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors/domain-error';
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
 * For the routes that take files. Multipart bodies are parsed only there, and only once the guards (rate
 * limit, access policy) have let the request in: any other route refuses them with 415 without reading them.
 */
export const AcceptsUploads = (limits: Partial<UploadLimits> = {}) =>
  applyDecorators(SetMetadata(ACCEPTS_UPLOADS, { ...DEFAULT_LIMITS, ...limits }), UseInterceptors(MultipartInterceptor));

/** Global: a multipart body on a route that takes no files is a 415, answered without reading the body. */
@Injectable()
export class RefuseUnexpectedMultipart implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.is('multipart/form-data') && !this.reflector.get(ACCEPTS_UPLOADS, context.getHandler())) {
      throw new UnsupportedMediaTypeError('Unsupported media type "multipart/form-data" in request.');
    }
    return next.handle();
  }
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
    await new Promise<void>((resolve, reject) => parse(req, res, (error?: unknown) => (error ? reject(translateMultipartError(error)) : resolve())));
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
    return error.code === 'LIMIT_FILE_SIZE'
      ? new PayloadTooLargeError(`Uploaded file "${error.field}" is too large.`)
      : new ParseError(`Multipart form parse error - ${error.message}`);
  }
  // busboy's own complaints: a truncated body, a boundary that does not match, malformed part headers.
  if (error instanceof Error) return new ParseError(`Multipart form parse error - ${error.message}`);
  return error;
}
