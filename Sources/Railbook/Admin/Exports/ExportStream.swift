import HTTP
import Storage

/// An export's CSV made while it is sent: the byte order mark and the header line, then each page
/// of `ExportKind` read in a read transaction of its own (a record made meanwhile within the range
/// may or may not be in it; nothing is ever sent twice or cut in half).
final class ExportStream: BodyStream, @unchecked Sendable {
    private let kind: ExportKind
    private let range: Range<Int>
    private let database: DatabasePool
    private let pageSize: Int
    private let language: Language
    private var header: [UInt8]?
    private var position: ExportKind.Position? = ExportKind.Position()

    /// The export of `kind` for `range` (Unix seconds, the end excluded), its header in `headers`,
    /// names that have two in `language`.
    init(
        _ kind: ExportKind, range: Range<Int>, headers: [String], language: Language, database: DatabasePool,
        pageSize: Int = ExportKind.pageSize
    ) {
        self.kind = kind
        self.language = language
        self.pageSize = pageSize
        self.range = range
        self.database = database
        header = CSVLine.byteOrderMark + CSVLine(headers).terminated
    }

    func next() throws -> [UInt8]? {
        if let header {
            self.header = nil
            return header
        }
        guard let position else { return nil }
        let (lines, next) = try database.read { try kind.page(after: position, in: range, size: pageSize, language: language, db: $0) }
        self.position = next
        guard !lines.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.count * 160)
        for line in lines { bytes += CSVLine(line).terminated }
        return bytes
    }
}
