import CMicroHTTPD

/// A response body made piece by piece while it is sent, for one too large to hold in memory (a
/// year of sales as CSV). The server asks for the next piece on one of its threads, one ask at a
/// time, and sends the body chunked; a piece that throws ends the response short (the connection
/// is closed), so a client never takes a cut-off body for a whole one.
public protocol BodyStream: AnyObject, Sendable {
    /// The next piece, or nil once the body is complete.
    func next() throws -> [UInt8]?
}

extension Response {
    /// A response whose body `stream` makes while it is sent.
    public static func streaming(_ stream: any BodyStream, headers: Headers) -> Response {
        var response = Response(headers: headers)
        response.stream = stream
        return response
    }

    /// The whole body: `body`, or everything `stream` makes (for tests and in-process callers).
    public func collectedBody() throws -> [UInt8] {
        guard let stream else { return body }
        var bytes: [UInt8] = []
        while let piece = try stream.next() { bytes += piece }
        return bytes
    }
}

/// What libmicrohttpd reads a streamed body through: the stream, the piece being sent, and what
/// the access log writes once the body has gone (the number of bytes is known only then).
final class StreamReader: @unchecked Sendable {
    private let stream: any BodyStream
    private var pending: [UInt8] = []
    private var offset = 0
    private(set) var sent = 0
    private var isFinished = false
    /// Writes the access-log line with the bytes sent, when the response is done with.
    let onDone: (_ bytes: Int) -> Void

    init(_ stream: any BodyStream, onDone: @escaping (_ bytes: Int) -> Void) {
        self.stream = stream
        self.onDone = onDone
    }

    /// Copies up to `capacity` bytes of the body into `buffer`: their count, -1 at the end of the
    /// body, -2 when the stream failed (libmicrohttpd's end-of-stream and end-with-error).
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        while offset == pending.count {
            if isFinished { return -1 }
            do {
                guard let piece = try stream.next() else {
                    isFinished = true
                    return -1
                }
                pending = piece
                offset = 0
            } catch {
                isFinished = true
                return -2
            }
        }
        let count = min(capacity, pending.count - offset)
        pending.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        offset += count
        sent += count
        return count
    }
}

/// libmicrohttpd's content reader callback for a streamed body.
func readStream(_ context: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
    guard let context, let buffer else { return -2 }
    return Unmanaged<StreamReader>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: capacity)
}

/// libmicrohttpd's callback once a streamed response is destroyed: logs it and lets the reader go.
func finishStream(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let reader = Unmanaged<StreamReader>.fromOpaque(context).takeRetainedValue()
    reader.onDone(reader.sent)
}
