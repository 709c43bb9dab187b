import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, HttpStatusError } from '../errors/exception.filter';

/** What Node's HTTP parser refuses before any handler runs, as the statuses it would answer itself. */
const PARSER_ERRORS: Record<string, HttpStatusError> = {
  HPE_HEADER_OVERFLOW: new HttpStatusError(431, 'request_header_too_large',
    'Request line and headers are too large: the URL (with its query string) and the headers must fit in 16 KB.'),
  ERR_HTTP_REQUEST_TIMEOUT: new HttpStatusError(408, 'request_timeout', 'The request was not received in time.'),
};
const MALFORMED = new HttpStatusError(400, 'parse_error', 'Malformed HTTP request.');

/**
 * A request the HTTP parser refuses (an oversized URL or header, a malformed request line) never reaches Nest,
 * and Node answers it with a bare status line. Such refusals get a JSON `detail` too, like every other error.
 */
export function answerClientErrorsWithDetail(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = PARSER_ERRORS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify(errorBody(refusal));
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
