import CQRencode
import Glibc

/// Why a text could not become a QR code.
enum QRCodeError: Error, Equatable {
    /// The text does not fit in the largest QR code (version 40) at level M.
    case tooLong
    /// libqrencode refused the text for another reason (the `errno` it set).
    case encodingFailed(Int32)
}

/// A QR code symbol (libqrencode, level M, 8-bit mode, case-sensitive), as a grid of dark and
/// light modules that renders itself as inline SVG: no image files, no scripts.
struct QRCode: Sendable {
    /// Light modules kept around the symbol so scanners find its edges (the standard asks for 4).
    static let quietZone = 4

    /// The symbol's version, 1…40, chosen as the smallest that holds the text.
    let version: Int
    /// Modules per side (21 for version 1, 4 more per version).
    let width: Int
    /// Row by row, `true` where the module is dark.
    let modules: [Bool]

    /// Encodes `text`; throws `QRCodeError.tooLong` when it cannot fit any version.
    init(encoding text: String) throws {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            throw errno == ERANGE ? QRCodeError.tooLong : QRCodeError.encodingFailed(errno)
        }
        defer { QRcode_free(code) }
        version = Int(code.pointee.version)
        width = Int(code.pointee.width)
        // libqrencode's byte per module: bit 0 is the colour (1 = dark); the others say what it is.
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module in `row`, `column` (from the top left, 0-based) is dark.
    func isDark(row: Int, column: Int) -> Bool {
        modules[row * width + column]
    }

    /// The symbol as an inline `<svg>`: one unit per module, the quiet zone in the viewBox, every
    /// dark module a unit square of one `<path>`, labelled for screen readers with `label`.
    func svg(label: String) -> String {
        let side = width + 2 * QRCode.quietZone
        var path = ""
        path.reserveCapacity(modules.count * 4)
        for row in 0..<width {
            for column in 0..<width where isDark(row: row, column: column) {
                path += "M\(column + QRCode.quietZone) \(row + QRCode.quietZone)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="qr-code" viewBox="0 0 \(side) \(side)" \
            shape-rendering="crispEdges" role="img" aria-label="\(QRCode.escapeAttribute(label))">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    /// The QR code of `text` as inline SVG (see `svg(label:)`); throws when the text is too long.
    static func svg(for text: String, label: String = "QR code") throws -> String {
        try QRCode(encoding: text).svg(label: label)
    }

    /// Escapes a value for a double-quoted attribute.
    private static func escapeAttribute(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
