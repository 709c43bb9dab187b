import { spawn } from 'node:child_process';

/** Runs a system tool (tar, cp), rejecting with its stderr when it exits with a status not in `success`. */
export function runTool(command: string, args: string[], success: number[] = [0]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on('close', (code) => (code !== null && success.includes(code) ? resolve() : reject(new Error(`${command} ${args[0]} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
