/// Something XPath queries can run against: a whole `HTMLDocument`, or an `HTMLNode` as context.
public protocol HTMLQuerying {
    /// Every node `xpath` (XPath 1.0) selects, in document order.
    func nodes(_ xpath: String) -> [HTMLNode]
}

extension HTMLQuerying {
    /// The first node `xpath` selects, or nil when it selects none.
    public func node(_ xpath: String) -> HTMLNode? {
        nodes(xpath).first
    }

    /// The text of the first node `xpath` selects, whitespace collapsed and trimmed; nil when none.
    public func text(_ xpath: String) -> String? {
        node(xpath)?.text
    }

    /// How many nodes `xpath` selects.
    public func count(_ xpath: String) -> Int {
        nodes(xpath).count
    }
}
