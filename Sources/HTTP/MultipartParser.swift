/// Parses `multipart/form-data` bodies (RFC 7578) into fields and files.
struct MultipartParser {
    private let boundary: [UInt8]

    /// Reads the boundary from the `Content-Type` header; throws 400 when it is missing.
    init(contentType: String) throws(HTTPError) {
        var found: String?
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingSpaces
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            found = value
        }
        guard let found, !found.isEmpty, found.utf8.count <= 70 else { throw Self.malformed }
        boundary = Array("--\(found)".utf8)
    }

    /// Splits `body` into parts and decodes each part's headers.
    func parse(_ body: [UInt8]) throws(HTTPError) -> (fields: Parameters, files: [UploadedFile]) {
        var fields = Parameters()
        var files: [UploadedFile] = []
        guard var cursor = body.firstRange(of: boundary)?.upperBound else { throw Self.malformed }
        let delimiter = [13, 10] + boundary
        while true {
            guard cursor + 2 <= body.count else { throw Self.malformed }
            if body[cursor] == UInt8(ascii: "-"), body[cursor + 1] == UInt8(ascii: "-") { break }
            guard body[cursor] == 13, body[cursor + 1] == 10 else { throw Self.malformed }
            let partStart = cursor + 2
            guard let end = body[partStart...].firstRange(of: delimiter) else { throw Self.malformed }
            try decodePart(body[partStart..<end.lowerBound], fields: &fields, files: &files)
            guard fields.count + files.count <= Request.parameterLimit else { throw Request.tooManyParameters(.badRequest) }
            cursor = end.upperBound
        }
        return (fields, files)
    }

    private func decodePart(_ part: ArraySlice<UInt8>, fields: inout Parameters, files: inout [UploadedFile]) throws(HTTPError) {
        guard let split = part.firstRange(of: [13, 10, 13, 10]) else { throw Self.malformed }
        guard let headerText = String(validating: part[part.startIndex..<split.lowerBound], as: UTF8.self) else {
            throw Self.malformed
        }
        var name: String?, filename: String?, contentType = "application/octet-stream"
        for line in headerText.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw Self.malformed }
            let headerName = line[..<colon].trimmingSpaces.lowercased()
            let value = line[line.index(after: colon)...]
            if headerName == "content-disposition" {
                name = Self.dispositionParameter("name", in: value)
                filename = Self.dispositionParameter("filename", in: value)
            } else if headerName == "content-type" {
                contentType = value.trimmingSpaces
            }
        }
        guard let name else { throw Self.malformed }
        let content = Array(part[split.upperBound...])
        if let filename {
            let base = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
            files.append(UploadedFile(fieldName: name, filename: base, contentType: contentType, data: content))
        } else {
            guard let text = String(validating: content, as: UTF8.self), !text.utf8.contains(0) else { throw Self.malformed }
            fields.add(name, text)
        }
    }

    private static func dispositionParameter(_ key: String, in value: Substring) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == key else { continue }
            var text = pair[1].trimmingSpaces
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return text
        }
        return nil
    }

    private static let malformed = HTTPError(.badRequest)
}
