import Foundation

/// The site's templates could not be read from the folder the configuration names (`--root`, the
/// working directory by default): says which folder, by its full path, and how to name another.
struct SiteFolderError: Error, CustomStringConvertible, Sendable {
    /// The templates folder as the configuration names it (`./Templates`, `/srv/railbook/Templates`).
    let folder: String

    /// `folder` made absolute against the working directory, without `.` segments.
    var fullPath: String {
        URL(fileURLWithPath: folder).standardizedFileURL.path
    }

    var description: String {
        "cannot read the templates folder \(fullPath): run railbook in the folder holding Templates/, Locales/ and Public/, or name it with --root DIR"
    }
}
