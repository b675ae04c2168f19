#!/usr/bin/env python3
"""Redis's CPU for a recorded command stream, without the machine's drift or the JVM beside it.

A change to the scripts (fewer commands, fewer bytes) moves Redis's CPU a transition by a few per cent, which the
live bench's spread on this machine hides. Record what one build sends, then replay it into a fresh server as fast as
`redis-cli --pipe` writes, alone, and read the server's own CPU (`INFO cpu`) around the replay: the same work each
round, so two builds' streams can be told apart in a few alternated rounds (bench/README, the "Tried" table's queue
message as one hash).

Recording (a server of your own, no password; the bench deletes its keys after):

    redis-server --port 6398 --save '' --appendonly no --daemonize yes --pidfile /tmp/r6398.pid
    redis-cli -p 6398 monitor > /tmp/monitor.txt &
    ./sluice bench transitions --executions 1000 --tasks 10 --concurrency 8 --warmup 0 --redis redis://127.0.0.1:6398
    kill %1; kill $(cat /tmp/r6398.pid)

Then:

    bench/tools/redis_replay.py convert /tmp/monitor.txt > /tmp/stream.resp
    bench/tools/redis_replay.py replay /tmp/stream.resp [ROUNDS]

`convert` keeps the commands the bench's clients sent (not those a script ran, which the replay's scripts run again;
not the connection's own: AUTH, CLIENT, SUBSCRIBE, INFO, SCAN, PING, the clean-up's DEL and UNLINK). `replay` starts
`redis-server` on a free loopback port in a folder of its own, as the embedded one runs (AOF, `everysec`, rewrites at
512 MB), pipes the stream, prints the server's CPU seconds and commands processed, and stops it; ROUNDS times (1).

usage: redis_replay.py convert MONITOR_TXT > STREAM_RESP
       redis_replay.py replay STREAM_RESP [ROUNDS]
"""
import re
import socket
import subprocess
import sys
import tempfile
import time

SKIPPED = {'subscribe', 'unsubscribe', 'psubscribe', 'client', 'auth', 'info', 'scan', 'monitor', 'hello', 'select',
           'ping', 'unlink', 'del', 'quit'}
ESCAPES = {'n': b'\n', 'r': b'\r', 't': b'\t', 'a': b'\a', 'b': b'\b', '"': b'"', '\\': b'\\'}
LINE = re.compile(r'^[\d.]+ \[\d+ ([^\]]+)\] (.*)$')
ARGUMENT = re.compile(r'"((?:[^"\\]|\\.)*)"')


def unquote(text):
    """An argument as MONITOR quotes it (sdscatrepr: \\n, \\", \\xHH ...) back to its bytes."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != '\\':
            out += c.encode('latin-1')
            i += 1
        elif text[i + 1] == 'x':
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            out += ESCAPES.get(text[i + 1], text[i + 1].encode('latin-1'))
            i += 2
    return bytes(out)


def convert(monitor_txt, out):
    count = 0
    with open(monitor_txt, encoding='latin-1') as lines:
        for line in lines:
            m = LINE.match(line.rstrip('\n'))
            if not m or m.group(1).startswith('lua'):
                continue
            args = [unquote(a) for a in ARGUMENT.findall(m.group(2))]
            if not args or args[0].decode('latin-1').lower() in SKIPPED:
                continue
            out.write(b'*%d\r\n' % len(args))
            for a in args:
                out.write(b'$%d\r\n%s\r\n' % (len(a), a))
            count += 1
    sys.stderr.write('%d commands\n' % count)


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def cli(port, *args, stdin=None):
    return subprocess.run(['redis-cli', '-p', str(port), *args], stdin=stdin, capture_output=True, check=True,
                          text=True).stdout


def info(port, section, field):
    for line in cli(port, 'info', section).splitlines():
        if line.startswith(field + ':'):
            return float(line.split(':', 1)[1])
    raise SystemExit('no %s in INFO %s' % (field, section))


def replay(stream_resp):
    port = free_port()
    with tempfile.TemporaryDirectory(prefix='redis-replay-') as folder:
        server = subprocess.Popen(['redis-server', '--port', str(port), '--bind', '127.0.0.1', '--dir', folder,
                                   '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec',
                                   '--auto-aof-rewrite-min-size', '512mb'], stdout=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    cli(port, 'ping')
                    break
                except subprocess.CalledProcessError:
                    time.sleep(0.05)
            before = info(port, 'cpu', 'used_cpu_user') + info(port, 'cpu', 'used_cpu_sys')
            with open(stream_resp, 'rb') as stream:
                piped = cli(port, '--pipe', stdin=stream)
            after = info(port, 'cpu', 'used_cpu_user') + info(port, 'cpu', 'used_cpu_sys')
            errors = re.search(r'errors: (\d+)', piped)
            commands = int(info(port, 'stats', 'total_commands_processed'))
            print('redis cpu %.3f s, commands %d, errors %s' % (after - before, commands, errors.group(1) if errors else '?'))
        finally:
            server.terminate()
            server.wait()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == 'convert':
        convert(sys.argv[2], sys.stdout.buffer)
    elif len(sys.argv) in (3, 4) and sys.argv[1] == 'replay':
        for _ in range(int(sys.argv[3]) if len(sys.argv) == 4 else 1):
            replay(sys.argv[2])
    else:
        raise SystemExit(__doc__.split('usage: ')[1])


if __name__ == '__main__':
    main()
