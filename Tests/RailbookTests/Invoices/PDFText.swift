import Foundation
import HTMLTesting
import XCTest

/// The text of a PDF as poppler's `pdftotext` reads it (Debian `poppler-utils`).
enum PDFText {
    static func of(_ bytes: [UInt8]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            throw XCTSkip("pdftotext is not installed (apt-get install poppler-utils)")
        }
        let file = try TestSite.temporaryDirectory() + "/document.pdf"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let read = try ServerProcess.runProgram("/usr/bin/pdftotext", ["-enc", "UTF-8", file, "-"], timeout: 60)
        XCTAssertEqual(read.status, 0, read.output)
        return read.output
    }
}
