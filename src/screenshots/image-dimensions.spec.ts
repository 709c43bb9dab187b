import { readImageDimensions } from './image-dimensions';
import { detectImageFormat } from './screenshot-storage';

/** Small real images written by an image library (Pillow), one per format and WebP flavour. */
const IMAGES: Record<string, { base64: string; width: number; height: number }> = {
  'GIF': { base64: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', width: 1, height: 1 },
  'JPEG': {
    base64:
      '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAACAAMDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDi6KKK+ZP3E//Z',
    width: 3,
    height: 2,
  },
  'WebP lossy': { base64: 'UklGRjwAAABXRUJQVlA4IDAAAADQAQCdASoDAAIAAUAmJaACdLoB+AADsAD+8ut//NgVzXPv9//S4P0uD9Lg/9KQAAA=', width: 3, height: 2 },
  'WebP lossless': { base64: 'UklGRhwAAABXRUJQVlA4TA8AAAAvAkAAAAcQ/Y/+ByKi/wEA', width: 3, height: 2 },
  'WebP extended': {
    base64: 'UklGRnIAAABXRUJQVlA4WAoAAAAYAAAABAAAAwAAQUxQSAoAAAABB1DAiAhERP8DVlA4IDAAAADQAQCdASoFAAQAAUAmJaACdLoB+AADsAD+8ut//NgVzXPv9//S4P0uD9Lg/9KQAABFWElGCgAAAE1NACoAAAAIAAA=',
    width: 5,
    height: 4,
  },
};

describe('readImageDimensions', () => {
  it.each(Object.entries(IMAGES))('reads the size a %s image declares', (_kind, { base64, width, height }) => {
    const data = Buffer.from(base64, 'base64');
    expect(readImageDimensions(data, detectImageFormat(data)!)).toEqual({ width, height });
  });

  it('reads a PNG header without its image data', () => {
    const header = Buffer.alloc(24);
    header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(20_000, 16);
    header.writeUInt32BE(30_000, 20);
    expect(readImageDimensions(header, detectImageFormat(header)!)).toEqual({ width: 20_000, height: 30_000 });
  });

  it.each(Object.entries(IMAGES))('answers null for a %s image cut short inside its header', (_kind, { base64 }) => {
    const data = Buffer.from(base64, 'base64');
    const format = detectImageFormat(data)!;
    expect(readImageDimensions(data.subarray(0, 9), format)).toBeNull();
  });

  it('answers null for a JPEG whose segments do not chain', () => {
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0x00, 0x00]);
    expect(readImageDimensions(broken, detectImageFormat(broken)!)).toBeNull();
  });
});
