import AppStoreServerAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The stand-in itself under hostile input: bad `Content-Length`, oversized and deeply nested
/// bodies, unauthenticated bodies (review of tracker issue 3, item 6).
@Suite("Stand-in robustness")
struct StandInRobustnessTests {
    /// Sends raw bytes to the stand-in with `python3` and returns the status line of the answer
    /// (or `"no response: …"`).
    static func rawExchange(port: Int, request: String) throws -> String {
        let script = """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
            s.sendall(sys.argv[2].encode("utf-8"))
            data = b""
            try:
                while b"\\r\\n" not in data:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            except OSError as error:
                print("no response: %s" % error)
                sys.exit(0)
            print(data.split(b"\\r\\n")[0].decode("latin-1") if data else "no response: closed")
            """
        let output = try Tool.run(["python3", "-c", script, String(port), request])
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func put(
        _ server: StandIn, body: Data, authorized: Bool = true, path: String = "/inApps/v2/transactions/consumption/1"
    ) async throws -> Int {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
        request.httpMethod = "PUT"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if authorized {
            let token = try AppStoreJWT.make(for: server.key(), issuedAt: Date())
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    static func healthy(_ server: StandIn) async throws -> Bool {
        let (data, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("__health"))
        return String(decoding: data, as: UTF8.self).contains("true")
    }

    @Test("a non-numeric or negative Content-Length is 400, not a traceback; the server keeps serving")
    func badContentLength() async throws {
        let server = try StandIn()
        defer { server.stop() }
        for value in ["abc", "-5", "1e3", "１２"] {
            let status = try Self.rawExchange(
                port: server.port,
                request: "PUT /inApps/v2/transactions/consumption/1 HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n"
                    + "Content-Type: application/json\r\n\r\n{}")
            #expect(status == "HTTP/1.1 400 Bad Request", "Content-Length \(value)")
        }
        let huge = try Self.rawExchange(
            port: server.port,
            request: "PUT /inApps/v2/transactions/consumption/1 HTTP/1.1\r\nHost: x\r\n"
                + "Content-Length: 99999999999999999999999999\r\n\r\n{}")
        #expect(huge.hasPrefix("HTTP/1.1 413"))
        let script = try Self.rawExchange(
            port: server.port, request: "POST /__script HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n[]")
        #expect(script == "HTTP/1.1 400 Bad Request")
        #expect(try await Self.healthy(server))
        let log = try await server.requests()
        #expect(log.count == 5)
        #expect(log.allSatisfy { ($0["problems"] as? [String])?.first?.hasPrefix("4") == true })
    }

    @Test("a body over 1 MiB is 413 and not stored; one over 64 KiB is accepted but logged by size only")
    func oversizedBodies() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let tooBig = Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)
        #expect(try await Self.put(server, body: tooBig) == 413)
        #expect(try await Self.put(server, body: tooBig, authorized: false) == 413)

        let padding = String(repeating: "x", count: 100 * 1024)
        let big = Data(
            #"{"customerConsented": true, "deliveryStatus": "DELIVERED", "sampleContentProvided": false, "pad": "\#(padding)"}"#
                .utf8)
        #expect(try await Self.put(server, body: big) == 202)
        #expect(try await Self.healthy(server))

        let log = try await server.requests()
        #expect(log.map { $0["status"] as? Int } == [413, 413, 202])
        #expect(log[0]["bodyBytes"] as? Int == (1 << 20) + 1)
        #expect(log[2]["bodyBytes"] as? Int == big.count)
        #expect(log[2]["bodyOmitted"] as? Bool == true)
        for entry in log {
            #expect(entry["body"] is NSNull, "\(entry["status"] ?? "?")")
        }
    }

    @Test("JSON nested too deeply for the parser is 400; the token is checked before the body is parsed")
    func nestingAndAuthenticationOrder() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(try await Self.put(server, body: deep) == 400)
        // Without a token the same body is 401: it is never parsed.
        #expect(try await Self.put(server, body: deep, authorized: false) == 401)
        #expect(try await Self.put(server, body: Data(#"{"customerConsented": true}"#.utf8), authorized: false) == 401)
        // Moderately deep JSON parses but is not kept in the log.
        let nested = Data((String(repeating: #"{"a":"#, count: 200) + "1" + String(repeating: "}", count: 200)).utf8)
        #expect(try await Self.put(server, body: nested) == 400)
        #expect(try await Self.healthy(server))

        let log = try await server.requests()
        #expect(log.map { $0["status"] as? Int } == [400, 401, 401, 400])
        #expect((log[0]["problems"] as? [String]) == ["body JSON is nested too deeply"])
        #expect(log[1]["jwt"] is NSNull)
        #expect(log[2]["body"] is NSNull)
        #expect(log[3]["body"] is NSNull)
        #expect(log[3]["bodyOmitted"] as? Bool == true)
    }
}
