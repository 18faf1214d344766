#!/usr/bin/env python3
"""A local OCSP responder for tests: HTTP on 127.0.0.1 only, each request answered by
`openssl ocsp` (the OpenSSL command-line responder) run on it, so the responses are OpenSSL's own.

`openssl ocsp -port` listens on every interface; this wrapper keeps the socket on 127.0.0.1 and
runs `openssl ocsp -reqin … -respout …` per request with the given index, CA and signer.

    POST /…            the DER request → `openssl ocsp` → 200 application/ocsp-response
    POST /slow/…       the same after --slow-ms milliseconds (for timeouts)
    POST /trylater/…   200 with the OCSP status tryLater (3), no openssl call
    POST /garbage/…    200 application/ocsp-response whose body is not DER
    GET  /__count      the number of OCSP requests answered so far, as text

Usage: ocsp_responder.py --index index.txt --ca int.pem --rsigner int.pem --rkey int.key
       [--slow-ms 3000] [--port 0]
Prints the port on stdout as the first line; stops on SIGTERM or when stdin closes.
"""

import argparse
import http.server
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

TRY_LATER = bytes.fromhex("3003 0a01 03")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # quiet
        pass

    def _send(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/__count":
            self._send(200, str(self.server.count).encode(), "text/plain")
        else:
            self._send(404, b"", "text/plain")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        request = self.rfile.read(length) if 0 < length <= 65536 else b""
        self.server.count += 1
        if self.path.startswith("/trylater"):
            self._send(200, TRY_LATER, "application/ocsp-response")
            return
        if self.path.startswith("/garbage"):
            self._send(200, b"this is not an OCSP response", "application/ocsp-response")
            return
        if self.path.startswith("/slow"):
            time.sleep(self.server.args.slow_ms / 1000.0)
        args = self.server.args
        with tempfile.TemporaryDirectory() as folder:
            req = os.path.join(folder, "req.der")
            resp = os.path.join(folder, "resp.der")
            with open(req, "wb") as handle:
                handle.write(request)
            result = subprocess.run(
                ["openssl", "ocsp", "-index", args.index, "-CA", args.ca, "-rsigner", args.rsigner,
                 "-rkey", args.rkey, "-reqin", req, "-respout", resp, "-nmin", "10"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if result.returncode != 0 or not os.path.exists(resp):
                self._send(500, result.stderr, "text/plain")
                return
            with open(resp, "rb") as handle:
                body = handle.read()
        try:
            self._send(200, body, "application/ocsp-response")
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def main():
    parser = argparse.ArgumentParser()
    for name in ("--index", "--ca", "--rsigner", "--rkey"):
        parser.add_argument(name, required=True)
    parser.add_argument("--slow-ms", type=int, default=3000)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = Server(("127.0.0.1", args.port), Handler)
    server.args = args
    server.count = 0

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)

    def watch_stdin():
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        stop()

    if not sys.stdin.isatty():
        threading.Thread(target=watch_stdin, daemon=True).start()
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
