import CLibXML2

/// Evaluates XPath 1.0 expressions over a libxml2 tree.
///
/// An expression that does not compile or does not select nodes is a bug in the calling test, like
/// an out-of-range index, so it stops with a precondition failure naming the expression.
enum XPathEvaluator {
    /// The nodes `expression` selects, in document order, evaluated relative to `contextNode`
    /// (the document when nil). Namespace nodes are left out: libxml2 frees them with the result.
    static func nodes(_ expression: String, in document: xmlDocPtr, from contextNode: xmlNodePtr?) -> [xmlNodePtr] {
        guard let context = xmlXPathNewContext(document) else {
            preconditionFailure("libxml2 could not create an XPath context")
        }
        defer { xmlXPathFreeContext(context) }
        context.pointee.error = ignoreXPathError
        if let contextNode {
            context.pointee.node = contextNode
        }
        guard let result = xmlXPathEvalExpression(expression, context) else {
            preconditionFailure(failureMessage(expression, context.pointee.lastError))
        }
        defer { xmlXPathFreeObject(result) }
        guard result.pointee.type == XPATH_NODESET else {
            preconditionFailure("XPath \"\(expression)\" gives a value, not nodes; use an expression that selects nodes")
        }
        guard let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { index in
            guard let node = table[index], node.pointee.type != XML_NAMESPACE_DECL else { return nil }
            return node
        }
    }

    /// A readable reason for a failed evaluation, from the XPath context's last error.
    private static func failureMessage(_ expression: String, _ error: xmlError) -> String {
        let reasons: [Int: String] = [
            Int(XML_XPATH_UNFINISHED_LITERAL_ERROR.rawValue): "unfinished string literal",
            Int(XML_XPATH_START_LITERAL_ERROR.rawValue): "expected a string literal",
            Int(XML_XPATH_UNDEF_VARIABLE_ERROR.rawValue): "undefined variable",
            Int(XML_XPATH_INVALID_PREDICATE_ERROR.rawValue): "invalid predicate",
            Int(XML_XPATH_EXPR_ERROR.rawValue): "invalid expression",
            Int(XML_XPATH_UNKNOWN_FUNC_ERROR.rawValue): "unknown function",
            Int(XML_XPATH_INVALID_TYPE.rawValue): "wrong argument type",
            Int(XML_XPATH_INVALID_ARITY.rawValue): "wrong number of arguments",
        ]
        let reason = reasons[Int(error.code)] ?? "libxml2 XPath error \(error.code)"
        return "invalid XPath \"\(expression)\": \(reason) at offset \(error.int1)"
    }
}

/// Keeps libxml2 from printing XPath errors; the context's `lastError` still records them.
private func ignoreXPathError(userData: UnsafeMutableRawPointer?, error: xmlErrorPtr?) {}
