import CLibXML2

/// A node of a parsed page: an element, or the attribute or text node an XPath selected.
///
/// It holds its `HTMLDocument` strongly, so the libxml2 tree outlives every node read from it.
public struct HTMLNode: HTMLQuerying, CustomStringConvertible {
    /// The page the node belongs to; keeps the tree alive.
    let document: HTMLDocument
    /// The libxml2 node, valid as long as `document` lives.
    let pointer: xmlNodePtr

    /// The lowercase tag name (`input`), attribute name (`href`), or `text` for a text node.
    public var name: String {
        pointer.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// Whether the node is an element (rather than an attribute, text or comment).
    public var isElement: Bool {
        pointer.pointee.type == XML_ELEMENT_NODE
    }

    /// The value of attribute `name`, `""` for a bare attribute such as `checked`; nil when absent.
    public func attribute(_ name: String) -> String? {
        guard isElement, let attribute = xmlHasProp(pointer, name) else { return nil }
        return Self.content(of: UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self))
    }

    /// The text content with whitespace collapsed and trimmed, as a reader sees it.
    public var text: String {
        rawText.collapsingWhitespace
    }

    /// The text content exactly as in the source, entities decoded.
    public var rawText: String {
        Self.content(of: pointer)
    }

    /// The 1-based source line the node starts on.
    public var line: Int {
        Int(xmlGetLineNo(pointer))
    }

    /// The element children, in document order.
    public var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = pointer.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                result.append(HTMLNode(document: document, pointer: current))
            }
            child = current.pointee.next
        }
        return result
    }

    /// The parent element, or nil at the root.
    public var parent: HTMLNode? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLNode(document: document, pointer: parent)
    }

    /// Every node `xpath` selects with this node as context (`.//td`, `@href`, `../label`).
    public func nodes(_ xpath: String) -> [HTMLNode] {
        XPathEvaluator.nodes(xpath, in: document.pointer, from: pointer)
            .map { HTMLNode(document: document, pointer: $0) }
    }

    /// Whether this node lies inside `ancestor`.
    func isInside(_ ancestor: HTMLNode) -> Bool {
        var current = pointer.pointee.parent
        while let node = current {
            if node == ancestor.pointer { return true }
            current = node.pointee.parent
        }
        return false
    }

    /// A short start tag naming the element for messages: `<input type="text" name="email">`.
    public var description: String {
        guard isElement else { return "\(name) \"\(text)\"" }
        let shown = ["type", "name", "id", "method", "action", "src", "for"].compactMap { key in
            attribute(key).map { value in
                " \(key)=\"\(value.count > 40 ? String(value.prefix(40)) + "…" : value)\""
            }
        }
        return "<\(name)\(shown.joined())>"
    }

    /// The text of `node` (an element, text or attribute node), copied through a libxml2 buffer
    /// so nothing needs `xmlFree` (a C global that Swift 6 cannot read safely).
    private static func content(of node: xmlNodePtr) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        xmlNodeBufGetContent(buffer, node)
        return xmlBufferContent(buffer).map { String(cString: $0) } ?? ""
    }
}
