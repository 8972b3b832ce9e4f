import CCairo

/// An invoice as an A4 PDF drawn by cairo, its text laid out by pango in Noto Sans CJK (embedded,
/// as a subset, by cairo: Chinese reads the same on any machine), with the QR code of its
/// verification link.
struct InvoicePDF {
    let page: InvoicePageViewModel
    /// The full verification link (`/invoices/verify/:code` on the site's address).
    let verifyURL: String
    let text: TextLookup

    private static let width = 595.0, height = 842.0, margin = 56.0

    /// The PDF's bytes.
    func render() throws -> [UInt8] {
        let output = PDFOutput()
        let surface = cairo_pdf_surface_create_for_stream(writePDFBytes, Unmanaged.passUnretained(output).toOpaque(), Self.width, Self.height)
        guard let context = cairo_create(surface) else { throw PDFError(description: "cairo could not start") }
        withExtendedLifetime(output) {
            draw(on: context)
            cairo_destroy(context)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        guard !output.bytes.isEmpty else { throw PDFError(description: "cairo wrote no PDF") }
        return output.bytes
    }

    private func draw(on context: OpaquePointer) {
        var y = Self.margin
        y = write(text("invoice_title") + "  " + page.number, at: y, size: 18, bold: true, on: context) + 14
        var rows: [(String, String)] = [(text("invoice_kind"), page.kindText)]
        if let cancels = page.cancels { rows.append((text("invoice_cancels"), cancels)) }
        rows += [
            (text("invoice_number"), page.number), (text("invoice_issued"), page.issued),
            (text("invoice_seller"), page.sellerName + "\n" + page.sellerCode),
            (text("invoice_buyer"), page.buyerName + (page.buyerCode.map { "\n" + $0 } ?? "")),
            (text("invoice_item"), page.description), (text("invoice_net"), page.net),
            (text("invoice_tax") + " (" + page.taxRate + ")", page.tax), (text("invoice_amount"), page.amount),
        ]
        for (label, value) in rows {
            let labelEnd = write(label, at: y, size: 10, bold: true, on: context, width: 130)
            let valueEnd = write(value, at: y, size: 10, bold: false, on: context, x: Self.margin + 140, width: Self.width - 2 * Self.margin - 140)
            y = max(labelEnd, valueEnd) + 10
        }
        if let code = try? QRCode(encoding: verifyURL) {
            let side = 110.0, module = side / Double(code.width + 2 * QRCode.quietZone)
            let left = Self.width - Self.margin - side, top = y + 10
            cairo_set_source_rgb(context, 0, 0, 0)
            for row in 0..<code.width {
                for column in 0..<code.width where code.isDark(row: row, column: column) {
                    cairo_rectangle(
                        context, left + Double(column + QRCode.quietZone) * module, top + Double(row + QRCode.quietZone) * module, module, module)
                }
            }
            cairo_fill(context)
            _ = write(text("invoice_verify_link") + "\n" + verifyURL, at: top + 20, size: 8, bold: false, on: context, width: 300)
        }
    }

    /// Lays out `string` at `y` (from `x`, wrapped at `width` points) and returns the y below it.
    private func write(
        _ string: String, at y: Double, size: Int, bold: Bool, on context: OpaquePointer, x: Double = margin, width: Double = width - 2 * margin
    ) -> Double {
        guard let layout = pango_cairo_create_layout(context) else { return y }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("Noto Sans CJK SC \(bold ? "Bold " : "")\(size)")
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, string, -1)
        cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
        var height: Int32 = 0
        pango_layout_get_size(layout, nil, &height)
        return y + Double(height) / Double(PANGO_SCALE)
    }

    /// cairo could not draw the PDF.
    struct PDFError: Error, CustomStringConvertible {
        let description: String
    }
}

/// The bytes cairo has written so far.
final class PDFOutput {
    var bytes: [UInt8] = []
}

/// cairo's write callback: appends `length` bytes to the `PDFOutput` behind `closure`.
func writePDFBytes(_ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    Unmanaged<PDFOutput>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}
