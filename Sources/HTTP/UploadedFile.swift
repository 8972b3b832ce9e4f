/// A file sent in a multipart form.
public struct UploadedFile: Sendable {
    /// The form field's name.
    public let fieldName: String
    /// The file name the browser gave, without any directory part.
    public let filename: String
    public let contentType: String
    public let data: [UInt8]
}
