#!/usr/bin/env python3
"""Stand-in App Store Server API for tests and benchmarks (Python 3 standard library only).

Serves on 127.0.0.1 only the two Send Consumption Information endpoints:

    PUT /inApps/v1/transactions/consumption/{transactionId}   (ConsumptionRequestV1 body)
    PUT /inApps/v2/transactions/consumption/{transactionId}   (ConsumptionRequest body)

and the lookup, history and test-notification endpoints, answered from fixtures (POST
/__fixtures below):

    GET  /inApps/v1/transactions/{transactionId}              Get Transaction Info
    GET  /inApps/v2/history/{transactionId}?revision=…        Get Transaction History (v2)
    GET  /inApps/v2/refund/lookup/{transactionId}?revision=…  Get Refund History (v2)
    GET  /inApps/v1/subscriptions/{transactionId}?status=…    Get All Subscription Statuses
    POST /inApps/v1/notifications/history?paginationToken=…   Get Notification History
    POST /inApps/v1/notifications/test                        Request a Test Notification
    GET  /inApps/v1/notifications/test/{token}                Get Test Notification Status

Paged fixtures are lists of page bodies; the stand-in adds `hasMore` and the token itself
(`revision` / `paginationToken`, "page-2", "page-3", …), answers a token it didn't hand out with
400 (4000005 InvalidRequestRevisionError, 4000014 InvalidPaginationTokenError), an unknown
transaction ID with 404 4040010, an unknown test token with 404 4040008, a test request without
a "testNotificationToken" fixture with 404 4040007, and checks query parameters and the
notification history body the way Apple documents them (a bad value gets the field's code).

Request bodies: a Content-Length that is not a decimal number gets 400, a body over 1 MiB gets
413 (read and discarded, never stored; the connection is closed), a chunked body gets 411 (the
control endpoints below accept up to 64 MiB, for scripting large responses). The JWT is checked
before the body is parsed; JSON nested too deeply for the parser gets 400.

Every request's JWT is verified the way Apple describes it: header alg=ES256, kid, typ=JWT;
claims iss, iat, exp (exp - iat <= 3600 s, not expired, iat not in the future beyond a small
skew), aud=appstoreconnect-v1, bid; the ES256 signature is checked with a pure-Python P-256 ECDSA
verifier (its own implementation, not OpenSSL) against the public key given on the command line.
A bad token gets 401 with an empty body, as Apple does.

Then the method, path, Content-Type and JSON body are checked (required keys and JSON types per
version; a problem gets 400 with the field's Apple error code). Finally the next scripted
response is sent (202 with an empty body when none is queued).

Control endpoints (no JWT):
    POST /__script    JSON list of {"status": int, "body": object|string|null,
                      "headers": {name: value}, "delay_ms": int, "retry_after_in_ms": int}
                      appended to the response queue. "retry_after_in_ms" sets Retry-After to
                      the UNIX time in milliseconds that many ms after the response is sent.
    POST /__fixtures  JSON object replacing the lookup fixtures: "transactions" {id: signed
                      transaction}, "history" {id: [page]}, "refunds" {id: [page]}, "statuses"
                      {id: body}, "notificationHistory" [page], "testNotificationToken" str,
                      "testNotifications" {token: body}.
    POST /__reset     empties the queue, the fixtures and the request log.
    GET  /__requests  the request log as JSON: method, path, headers (Authorization replaced by
                      the decoded JWT header and claims), body (parsed JSON or text; null when
                      the JWT was rejected or the body is over 64 KiB), bodyBytes (its size),
                      problems, status sent; query (name → list of values) for the lookups.
    GET  /__health    {"ok": true}

Each response carries X-Standin-Handling-Micros: the time this script spent on the request
(after reading it, before writing the response; scripted delays excluded).

Usage: appstore_standin.py --public-key PUB.pem|PUB.der [--issuer-id ID] [--bundle-id ID]
       [--key-id ID] [--port 0] [--skew 60] [--ignore-stdin]
The chosen port is printed on stdout as the first line. The server stops on SIGTERM, SIGINT or
when stdin is closed (unless --ignore-stdin: a shell gives background jobs /dev/null as stdin).
"""

import argparse
import base64
import hashlib
import http.server
import json
import os
import re
import signal
import sys
import threading
import time
import urllib.parse

# ---------------------------------------------------------------------------------------------
# P-256 (secp256r1) ECDSA verification, Jacobian coordinates, Shamir's trick.

P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
A = P - 3
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
GX = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296
GY = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5


def _on_curve(x, y):
    return 0 <= x < P and 0 <= y < P and (y * y - (x * x * x + A * x + B)) % P == 0


def _double(pt):
    x1, y1, z1 = pt
    if z1 == 0 or y1 == 0:
        return (0, 1, 0)
    # a = -3: m = 3 (x - z^2)(x + z^2)
    zz = z1 * z1 % P
    m = 3 * (x1 - zz) * (x1 + zz) % P
    yy = y1 * y1 % P
    s = 4 * x1 * yy % P
    x3 = (m * m - 2 * s) % P
    y3 = (m * (s - x3) - 8 * yy * yy) % P
    z3 = 2 * y1 * z1 % P
    return (x3, y3, z3)


def _add(p1, p2):
    x1, y1, z1 = p1
    x2, y2, z2 = p2
    if z1 == 0:
        return p2
    if z2 == 0:
        return p1
    z1z1 = z1 * z1 % P
    z2z2 = z2 * z2 % P
    u1 = x1 * z2z2 % P
    u2 = x2 * z1z1 % P
    s1 = y1 * z2 * z2z2 % P
    s2 = y2 * z1 * z1z1 % P
    if u1 == u2:
        if s1 != s2:
            return (0, 1, 0)
        return _double(p1)
    h = (u2 - u1) % P
    r = (s2 - s1) % P
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    y3 = (r * (v - x3) - s1 * hhh) % P
    z3 = h * z1 * z2 % P
    return (x3, y3, z3)


def _to_affine(pt):
    x, y, z = pt
    if z == 0:
        return None
    zinv = pow(z, -1, P)
    zinv2 = zinv * zinv % P
    return (x * zinv2 % P, y * zinv2 * zinv % P)


def ecdsa_p256_verify(qx, qy, message, signature):
    """Verifies a 64-byte r||s ES256 signature of `message` (bytes) with public point (qx, qy)."""
    if len(signature) != 64 or not _on_curve(qx, qy):
        return False
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if not (1 <= r < N and 1 <= s < N):
        return False
    e = int.from_bytes(hashlib.sha256(message).digest(), "big")
    w = pow(s, -1, N)
    u1 = e * w % N
    u2 = r * w % N
    g = (GX, GY, 1)
    q = (qx, qy, 1)
    gq = _add(g, q)
    acc = (0, 1, 0)
    for i in range(max(u1.bit_length(), u2.bit_length()) - 1, -1, -1):
        acc = _double(acc)
        b1 = (u1 >> i) & 1
        b2 = (u2 >> i) & 1
        if b1 and b2:
            acc = _add(acc, gq)
        elif b1:
            acc = _add(acc, g)
        elif b2:
            acc = _add(acc, q)
    point = _to_affine(acc)
    return point is not None and point[0] % N == r


# ---------------------------------------------------------------------------------------------
# Public key: SubjectPublicKeyInfo (DER, or PEM "PUBLIC KEY") -> uncompressed P-256 point.

OID_EC_PUBLIC_KEY = bytes.fromhex("2a8648ce3d0201")
OID_PRIME256V1 = bytes.fromhex("2a8648ce3d030107")


def _der_read(data, offset):
    """Reads one DER TLV at `offset`: returns (tag, content bytes, next offset)."""
    tag = data[offset]
    length = data[offset + 1]
    offset += 2
    if length & 0x80:
        count = length & 0x7F
        if count == 0 or count > 4:
            raise ValueError("unsupported DER length")
        length = int.from_bytes(data[offset:offset + count], "big")
        offset += count
    end = offset + length
    if end > len(data):
        raise ValueError("truncated DER")
    return tag, data[offset:end], end


def load_public_key(path):
    raw = open(path, "rb").read()
    if raw.lstrip().startswith(b"-----BEGIN"):
        text = raw.decode("ascii")
        match = re.search(r"-----BEGIN PUBLIC KEY-----(.*?)-----END PUBLIC KEY-----", text, re.S)
        if not match:
            raise ValueError("no PUBLIC KEY block in " + path)
        raw = base64.b64decode("".join(match.group(1).split()))
    tag, spki, _ = _der_read(raw, 0)
    if tag != 0x30:
        raise ValueError("SubjectPublicKeyInfo is not a SEQUENCE")
    tag, algorithm, offset = _der_read(spki, 0)
    if tag != 0x30:
        raise ValueError("AlgorithmIdentifier is not a SEQUENCE")
    tag, oid, inner = _der_read(algorithm, 0)
    if tag != 0x06 or oid != OID_EC_PUBLIC_KEY:
        raise ValueError("not an EC public key")
    tag, curve, _ = _der_read(algorithm, inner)
    if tag != 0x06 or curve != OID_PRIME256V1:
        raise ValueError("not a P-256 key")
    tag, bits, _ = _der_read(spki, offset)
    if tag != 0x03 or len(bits) != 66 or bits[0] != 0 or bits[1] != 0x04:
        raise ValueError("expected a 65-byte uncompressed point")
    x = int.from_bytes(bits[2:34], "big")
    y = int.from_bytes(bits[34:66], "big")
    if not _on_curve(x, y):
        raise ValueError("the point is not on P-256")
    return x, y


# ---------------------------------------------------------------------------------------------
# JWT checks.


def _b64url_decode(text):
    if not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class TokenRejected(Exception):
    pass


def verify_token(authorization, config, now):
    """Returns (header, claims) of a valid `Bearer` token or raises TokenRejected."""
    if not authorization or not authorization.startswith("Bearer "):
        raise TokenRejected("no Bearer token")
    token = authorization[len("Bearer "):].strip()
    parts = token.split(".")
    if len(parts) != 3:
        raise TokenRejected("not a compact JWS")
    try:
        header = json.loads(_b64url_decode(parts[0]))
        claims = json.loads(_b64url_decode(parts[1]))
        signature = _b64url_decode(parts[2])
    except (ValueError, UnicodeDecodeError) as error:
        raise TokenRejected("undecodable token: %s" % error)
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise TokenRejected("header or claims not an object")
    if header.get("alg") != "ES256":
        raise TokenRejected("alg is not ES256")
    if header.get("typ") != "JWT":
        raise TokenRejected("typ is not JWT")
    kid = header.get("kid")
    if not isinstance(kid, str) or not kid or (config.key_id and kid != config.key_id):
        raise TokenRejected("bad kid")
    if claims.get("aud") != "appstoreconnect-v1":
        raise TokenRejected("bad aud")
    for name, expected in (("iss", config.issuer_id), ("bid", config.bundle_id)):
        value = claims.get(name)
        if not isinstance(value, str) or not value or (expected and value != expected):
            raise TokenRejected("bad " + name)
    iat, exp = claims.get("iat"), claims.get("exp")
    if type(iat) is not int or type(exp) is not int:
        raise TokenRejected("iat/exp are not integers")
    if exp <= iat or exp - iat > 3600:
        raise TokenRejected("lifetime outside 1..3600 s")
    if exp <= now:
        raise TokenRejected("expired")
    if iat > now + config.skew:
        raise TokenRejected("iat in the future")
    signing_input = (parts[0] + "." + parts[1]).encode("ascii")
    if not ecdsa_p256_verify(config.qx, config.qy, signing_input, signature):
        raise TokenRejected("bad signature")
    return header, claims


# ---------------------------------------------------------------------------------------------
# Body checks: (key, JSON type, required, Apple error code).

V1_FIELDS = [
    ("customerConsented", bool, True, 4000035),
    ("consumptionStatus", int, True, 4000034),
    ("platform", int, True, 4000039),
    ("sampleContentProvided", bool, True, 4000041),
    ("deliveryStatus", int, True, 4000036),
    ("appAccountToken", str, True, 4000033),
    ("accountTenure", int, True, 4000032),
    ("playTime", int, True, 4000040),
    ("lifetimeDollarsRefunded", int, True, 4000038),
    ("lifetimeDollarsPurchased", int, True, 4000037),
    ("userStatus", int, True, 4000042),
    ("refundPreference", int, False, 4000044),
]
V2_FIELDS = [
    ("customerConsented", bool, True, 4000035),
    ("deliveryStatus", str, True, 4000036),
    ("sampleContentProvided", bool, True, 4000041),
    ("consumptionPercentage", int, False, 4000000),
    ("refundPreference", str, False, 4000044),
]
PATH = re.compile(r"^/inApps/(v1|v2)/transactions/consumption/([^/?]+)$")
LOOKUP_GET = re.compile(
    r"^/inApps/(v1/transactions|v1/subscriptions|v2/history|v2/refund/lookup|v1/notifications/test)/([^/?]+)$")
LOOKUP_KINDS = {"v1/transactions": "info", "v1/subscriptions": "statuses", "v2/history": "history",
                "v2/refund/lookup": "refunds"}
LOOKUP_POST = re.compile(r"^/inApps/v1/notifications/(history|test)$")

# The largest request body accepted (413 beyond), the largest kept in the request log (the size
# only beyond), and the most bytes of an oversized body read and discarded before the connection
# is closed instead.
MAX_BODY_BYTES = 1 << 20
MAX_CONTROL_BODY_BYTES = 64 << 20
MAX_LOGGED_BODY_BYTES = 64 * 1024
MAX_DISCARD_BYTES = 64 << 20
CONTENT_LENGTH = re.compile(r"[0-9]{1,18}")


class BodyRejected(Exception):
    """The request body can't be read: `status` (400, 411, 413) and a reason."""

    def __init__(self, status, reason, length=None):
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.length = length


def parse_json(raw):
    """Returns (value, problem): the parsed body, or the raw text and why it doesn't parse."""
    if not raw:
        return None, None
    try:
        return json.loads(raw), None
    except RecursionError:
        return None, "body JSON is nested too deeply"
    except ValueError:
        return raw.decode("utf-8", "replace"), None


def nesting_depth(value, limit):
    """The nesting depth of a parsed JSON value, counting at most to `limit` + 1 (iterative)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def check_body(version, body):
    """Returns a list of (message, Apple error code) problems; empty when the body is fine."""
    if not isinstance(body, dict):
        return [("body is not a JSON object", 4000000)]
    problems = []
    for key, kind, required, code in V1_FIELDS if version == "v1" else V2_FIELDS:
        if key not in body or body[key] is None:
            if required:
                problems.append(("missing " + key, code))
        elif type(body[key]) is not kind:
            problems.append(("%s is not a JSON %s" % (key, kind.__name__), code))
    return problems


# ---------------------------------------------------------------------------------------------
# Server.


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.script = []
        self.requests = []
        self.fixtures = {}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server_version = "AppStoreStandIn/1.0"

    def log_message(self, format, *args):  # quiet
        pass

    # Control endpoints ------------------------------------------------------------------------

    def do_GET(self):
        if self.path == "/__requests":
            with self.server.state.lock:
                payload = json.dumps(self.server.state.requests).encode()
            self._send(200, payload, {"Content-Type": "application/json"})
        elif self.path == "/__health":
            self._send(200, b'{"ok": true}', {"Content-Type": "application/json"})
        elif LOOKUP_GET.match(self.path.split("?")[0]):
            body = self._read_body_or_reject()
            if body is not None:
                self._lookup(body)
        else:
            self._wrong_method()

    def do_POST(self):
        body = self._read_body_or_reject(limit=MAX_CONTROL_BODY_BYTES)
        if body is None:
            return
        if self.path == "/__script":
            try:
                entries = json.loads(body)
                if not isinstance(entries, list):
                    raise ValueError("expected a list")
                for entry in entries:
                    if not isinstance(entry, dict) or type(entry.get("status")) is not int:
                        raise ValueError("each entry needs an integer status")
            except RecursionError:
                self._send(400, json.dumps({"error": "nested too deeply"}).encode(), {})
                return
            except ValueError as error:
                self._send(400, json.dumps({"error": str(error)}).encode(), {})
                return
            with self.server.state.lock:
                self.server.state.script.extend(entries)
            self._send(204, b"", {})
        elif self.path == "/__reset":
            with self.server.state.lock:
                self.server.state.script.clear()
                self.server.state.requests.clear()
                self.server.state.fixtures = {}
            self._send(204, b"", {})
        elif self.path == "/__fixtures":
            try:
                fixtures = json.loads(body)
                if not isinstance(fixtures, dict):
                    raise ValueError("expected an object")
            except (ValueError, RecursionError) as error:
                self._send(400, json.dumps({"error": str(error)}).encode(), {})
                return
            with self.server.state.lock:
                self.server.state.fixtures = fixtures
            self._send(204, b"", {})
        elif LOOKUP_POST.match(self.path.split("?")[0]):
            self._lookup(body)
        else:
            self._wrong_method()

    def do_DELETE(self):
        self._wrong_method()

    def do_PATCH(self):
        self._wrong_method()

    def _wrong_method(self):
        """The consumption endpoints take PUT only: 405 (recorded); anything else 404."""
        raw = self._read_body_or_reject()
        if raw is None:
            return
        if PATH.match(self.path):
            logged = raw.decode("utf-8", "replace") if len(raw) <= MAX_LOGGED_BODY_BYTES else None
            record = {"method": self.command, "path": self.path, "headers": {}, "body": logged,
                      "bodyBytes": len(raw), "problems": ["method %s is not PUT" % self.command], "status": 405}
            with self.server.state.lock:
                self.server.state.requests.append(record)
            self._send(405, b"", {"Allow": "PUT"})
        else:
            self._send(404, b"", {})

    # The API ------------------------------------------------------------------------------------

    def do_PUT(self):
        record = {"method": "PUT", "path": self.path, "headers": {}, "problems": [], "body": None}
        for name, value in self.headers.items():
            if name.lower() != "authorization":
                record["headers"][name] = value
        raw = self._read_body_or_reject(record)
        if raw is None:
            return
        started = time.perf_counter()
        record["bodyBytes"] = len(raw)

        status, payload, headers, delay = self._handle(raw, record)
        record["status"] = status
        if len(raw) > MAX_LOGGED_BODY_BYTES or nesting_depth(record["body"], 64) > 64:
            # Big bodies are not kept (the size is); deep ones would not serialise.
            record["body"] = None
            record["bodyOmitted"] = True
        self._log_and_wait(record, headers, delay)
        handling = int((time.perf_counter() - started) * 1e6) - int(delay * 1000)
        headers["X-Standin-Handling-Micros"] = str(max(0, handling))
        self._send(status, payload, headers)

    def _handle(self, raw, record):
        """Returns (status, body bytes, headers, delay in ms)."""
        config = self.server.config
        # The token first: the body of an unauthenticated request is never parsed.
        try:
            header, claims = verify_token(self.headers.get("Authorization"), config, int(time.time()))
            record["jwt"] = {"header": header, "claims": claims}
        except TokenRejected as error:
            record["jwt"] = None
            record["problems"].append("401: " + str(error))
            return 401, b"", {}, 0
        record["body"], parse_problem = parse_json(raw)
        match = PATH.match(self.path)
        if not match:
            record["problems"].append("unknown path")
            return 404, b"", {}, 0
        version, transaction_id = match.group(1), match.group(2)
        record["version"] = version
        record["transactionId"] = transaction_id

        def apple_error(code, message):
            body = json.dumps({"errorCode": code, "errorMessage": message}).encode()
            return 400, body, {"Content-Type": "application/json"}, 0

        content_type = self.headers.get("Content-Type", "")
        if content_type.split(";")[0].strip().lower() != "application/json":
            record["problems"].append("Content-Type is %r" % content_type)
            return 415, b"", {}, 0
        if not transaction_id.isdigit():
            record["problems"].append("transaction ID is not numeric")
            return apple_error(4000006, "Invalid transaction id.")
        if parse_problem:
            record["problems"].append(parse_problem)
            return apple_error(4000000, "Invalid request: " + parse_problem)
        problems = check_body(version, record["body"])
        if problems:
            record["problems"].extend(message for message, _ in problems)
            message, code = problems[0]
            return apple_error(code, "Invalid request: " + message)

        with self.server.state.lock:
            entry = self.server.state.script.pop(0) if self.server.state.script else None
        if entry is None:
            return 202, b"", {}, 0
        return self._scripted(entry)

    # Lookups, history and test notifications -----------------------------------------------

    def _lookup(self, raw):
        path, _, query_text = self.path.partition("?")
        record = {"method": self.command, "path": path, "headers": {}, "problems": [], "body": None,
                  "query": urllib.parse.parse_qs(query_text, keep_blank_values=True)}
        for name, value in self.headers.items():
            if name.lower() != "authorization":
                record["headers"][name] = value
        record["bodyBytes"] = len(raw)
        status, payload, headers, delay = self._answer_lookup(path, record["query"], raw, record)
        record["status"] = status
        self._log_and_wait(record, headers, delay)
        self._send(status, payload, headers)

    def _log_and_wait(self, record, headers, delay):
        """Appends `record` to the request log, sleeps a scripted delay and turns a scripted
        retry_after_in_ms into a Retry-After UNIX time in milliseconds."""
        with self.server.state.lock:
            self.server.state.requests.append(record)
        if delay:
            time.sleep(delay / 1000.0)
        if "retry_after_in_ms" in headers:
            headers["Retry-After"] = str(int(time.time() * 1000) + int(headers.pop("retry_after_in_ms")))

    def _answer_lookup(self, path, query, raw, record):
        """Returns (status, body bytes, headers, delay in ms) for a lookup request."""
        try:
            header, claims = verify_token(self.headers.get("Authorization"), self.server.config, int(time.time()))
            record["jwt"] = {"header": header, "claims": claims}
        except TokenRejected as error:
            record["jwt"] = None
            record["problems"].append("401: " + str(error))
            return 401, b"", {}, 0

        def apple(status, code, message):
            record["problems"].append("%d %d: %s" % (status, code, message))
            body = json.dumps({"errorCode": code, "errorMessage": message}).encode()
            return status, body, {"Content-Type": "application/json"}, 0

        def ok(body):
            return 200, json.dumps(body).encode(), {"Content-Type": "application/json"}, 0

        with self.server.state.lock:
            entry = self.server.state.script.pop(0) if self.server.state.script else None
            fixtures = json.loads(json.dumps(self.server.state.fixtures))
        if entry is not None:
            return self._scripted(entry)

        def paged(pages, token_name, token, bad_token_code, bad_token_message):
            index = 0
            if token is not None:
                match = re.fullmatch(r"page-([0-9]+)", token)
                if not match or not 2 <= int(match.group(1)) <= len(pages):
                    return apple(400, bad_token_code, bad_token_message)
                index = int(match.group(1)) - 1
            page = dict(pages[index]) if pages else {}
            more = index + 1 < len(pages)
            page["hasMore"] = more
            page[token_name] = "page-%d" % (index + 2) if more else "page-end"
            return ok(page)

        def single(name):
            values = query.get(name, [])
            return values[-1] if values else None

        if path == "/inApps/v1/notifications/history":
            if self.command != "POST":
                return 405, b"", {"Allow": "POST"}, 0
            body, problem = parse_json(raw)
            record["body"] = body
            if problem or not isinstance(body, dict):
                return apple(400, 4000000, "Invalid request.")
            for key, code in (("startDate", 4000015), ("endDate", 4000016)):
                if type(body.get(key)) is not int:
                    return apple(400, code, "Invalid request. The %s is not a timestamp in milliseconds." % key)
            if body["startDate"] > body["endDate"]:
                return apple(400, 4000013, "Invalid request. The start date is later than the end date.")
            if body["startDate"] < int(time.time() * 1000) - 180 * 86400 * 1000:
                return apple(400, 4000012, "Invalid request. The start date is earlier than the allowed start date.")
            if body.get("notificationType") is not None and body.get("transactionId") is not None:
                return apple(400, 4000019, "Invalid request. Supply either a transaction id or a notification type, but not both.")
            if body.get("notificationSubtype") is not None and body.get("notificationType") is None:
                return apple(400, 4000018, "Invalid request. The notification type or subtype is invalid.")
            pages = fixtures.get("notificationHistory") or [{"notificationHistory": []}]
            return paged(pages, "paginationToken", single("paginationToken"), 4000014,
                         "Invalid request. The pagination token is invalid.")

        if path == "/inApps/v1/notifications/test":
            if self.command != "POST":
                return 405, b"", {"Allow": "POST"}, 0
            token = fixtures.get("testNotificationToken")
            if not token:
                return apple(404, 4040007, "No App Store Server Notification URL found for provided app.")
            return ok({"testNotificationToken": token})

        match = re.fullmatch(r"/inApps/v1/notifications/test/([^/]+)", path)
        if match:
            token = urllib.parse.unquote(match.group(1))
            if not re.fullmatch(r"[A-Za-z0-9_.:-]+", token):
                return apple(400, 4000020, "Invalid request. The test notification token is invalid.")
            body = (fixtures.get("testNotifications") or {}).get(token)
            if body is None:
                return apple(404, 4040008, "Either the test notification token is expired or the notification and status are not yet available.")
            return ok(body)

        match = LOOKUP_GET.match(path)
        kind, transaction_id = LOOKUP_KINDS[match.group(1)], urllib.parse.unquote(match.group(2))
        if not transaction_id.isdigit():
            return apple(400, 4000006, "Invalid transaction id.")

        if kind == "history":
            checks = [("startDate", r"[0-9]+", 4000015), ("endDate", r"[0-9]+", 4000016),
                      ("productType", r"AUTO_RENEWABLE|NON_RENEWABLE|CONSUMABLE|NON_CONSUMABLE", 4000022),
                      ("sort", r"ASCENDING|DESCENDING", 4000021),
                      ("inAppOwnershipType", r"PURCHASED|FAMILY_SHARED", 4000026),
                      ("revoked", r"true|false", 4000030)]
            for name, pattern, code in checks:
                for value in query.get(name, []):
                    if not re.fullmatch(pattern, value):
                        return apple(400, code, "Invalid request. The %s parameter is invalid." % name)
            if single("startDate") and single("endDate") and int(single("startDate")) > int(single("endDate")):
                return apple(400, 4000013, "Invalid request. The start date is later than the end date.")
            pages = (fixtures.get("history") or {}).get(transaction_id)
            if pages is None:
                return apple(404, 4040010, "Transaction id not found.")
            return paged(pages, "revision", single("revision"), 4000005, "Invalid request revision.")
        if kind == "refunds":
            pages = (fixtures.get("refunds") or {}).get(transaction_id)
            if pages is None:
                return apple(404, 4040010, "Transaction id not found.")
            return paged(pages, "revision", single("revision"), 4000005, "Invalid request revision.")
        if kind == "statuses":
            for value in query.get("status", []):
                if value not in ("1", "2", "3", "4", "5"):
                    return apple(400, 4000031, "Invalid request. The status parameter is invalid.")
            body = (fixtures.get("statuses") or {}).get(transaction_id)
            if body is None:
                return apple(404, 4040010, "Transaction id not found.")
            wanted = {int(v) for v in query.get("status", [])}
            if wanted:
                body = dict(body)
                body["data"] = [dict(group, lastTransactions=[t for t in group.get("lastTransactions", [])
                                                              if t.get("status") in wanted])
                                for group in body.get("data", [])]
            return ok(body)
        signed = (fixtures.get("transactions") or {}).get(transaction_id)
        if signed is None:
            return apple(404, 4040010, "Transaction id not found.")
        return ok({"signedTransactionInfo": signed})

    def _scripted(self, entry):
        body = entry.get("body")
        if body is None:
            payload = b""
        elif isinstance(body, str):
            payload = body.encode("utf-8")
        else:
            payload = json.dumps(body).encode()
        headers = {str(k): str(v) for k, v in (entry.get("headers") or {}).items()}
        if payload and not any(k.lower() == "content-type" for k in headers):
            headers["Content-Type"] = "application/json" if not isinstance(body, str) else "text/plain"
        if "retry_after_in_ms" in entry:
            headers["retry_after_in_ms"] = str(int(entry["retry_after_in_ms"]))
        return entry["status"], payload, headers, int(entry.get("delay_ms") or 0)

    # Helpers ----------------------------------------------------------------------------------

    def _read_body(self, limit=MAX_BODY_BYTES):
        """Returns the request body, or raises BodyRejected (after discarding an oversized body
        of a sane length, so the response can be read)."""
        if self.headers.get("Transfer-Encoding"):
            raise BodyRejected(411, "Transfer-Encoding is not supported; send a Content-Length")
        values = self.headers.get_all("Content-Length") or []
        if not values:
            return b""
        texts = {value.strip() for value in values}
        if len(texts) != 1:
            raise BodyRejected(400, "conflicting Content-Length headers")
        text = texts.pop()
        if not CONTENT_LENGTH.fullmatch(text):
            if re.fullmatch(r"[0-9]+", text):
                raise BodyRejected(413, "body over %d bytes" % limit)
            raise BodyRejected(400, "Content-Length is not a decimal number")
        length = int(text)
        if length > limit:
            if length <= MAX_DISCARD_BYTES:
                remaining = length
                while remaining > 0:
                    chunk = self.rfile.read(min(remaining, 64 * 1024))
                    if not chunk:
                        break
                    remaining -= len(chunk)
            raise BodyRejected(413, "body over %d bytes" % limit, length)
        return self.rfile.read(length) if length > 0 else b""

    def _read_body_or_reject(self, record=None, limit=MAX_BODY_BYTES):
        """The body, or None after answering 400/411/413 (recorded when `record` is given; the
        body itself is never stored) and marking the connection for closing."""
        try:
            return self._read_body(limit)
        except BodyRejected as rejection:
            if record is not None:
                record["problems"].append("%d: %s" % (rejection.status, rejection.reason))
                record["status"] = rejection.status
                if rejection.length is not None:
                    record["bodyBytes"] = rejection.length
                with self.server.state.lock:
                    self.server.state.requests.append(record)
            self.close_connection = True
            payload = json.dumps({"error": rejection.reason}).encode()
            self._send(rejection.status, payload, {"Content-Type": "application/json", "Connection": "close"})
            return None

    def _send(self, status, payload, headers):
        try:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if payload:
                self.wfile.write(payload)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (a timeout or a body over its limit): nothing to do.
            self.close_connection = True


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--public-key", required=True, help="PEM or DER SubjectPublicKeyInfo (P-256)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--issuer-id", default="", help="required iss (any non-empty when omitted)")
    parser.add_argument("--bundle-id", default="", help="required bid (any non-empty when omitted)")
    parser.add_argument("--key-id", default="", help="required kid (any non-empty when omitted)")
    parser.add_argument("--skew", type=int, default=60, help="allowed iat skew into the future, s")
    parser.add_argument("--ignore-stdin", action="store_true",
                        help="keep running when stdin closes (for background use from a shell)")
    args = parser.parse_args()

    config = argparse.Namespace(
        issuer_id=args.issuer_id, bundle_id=args.bundle_id, key_id=args.key_id, skew=args.skew)
    config.qx, config.qy = load_public_key(args.public_key)

    server = Server(("127.0.0.1", args.port), Handler)
    server.config = config
    server.state = State()
    stopping = threading.Event()

    def stop(*_):
        if not stopping.is_set():
            stopping.set()
            threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def watch_stdin():
        # os.read on the raw descriptor: a buffered reader's lock held by this daemon thread
        # would make the interpreter abort at exit.
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        stop()

    if not args.ignore_stdin and not sys.stdin.isatty():
        threading.Thread(target=watch_stdin, daemon=True).start()
    # The port goes out only once the signal handlers are in place.
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
