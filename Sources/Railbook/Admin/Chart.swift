import Mustache

/// A bar or line chart drawn as inline SVG on the server: the coordinates of every bar or point,
/// the value axis with its ticks and the category labels, for `admin/_chart.mustache`. No JavaScript.
struct Chart {
    /// How the values are drawn.
    enum Style { case bars, line }

    /// One category and its value.
    struct Bar {
        let label: String
        let value: Int
    }

    let id: String
    let title: String
    let bars: [Bar]
    /// How values are written on the axis and in the text table (`¥553`, `12`, `85%`).
    let format: @Sendable (Int) -> String
    var style = Style.bars

    static let width = 640, height = 280
    static let left = 64, right = 16, top = 36, bottom = 60
    private static let plotWidth = width - left - right, plotHeight = height - top - bottom
    private static let tickCount = 4

    /// The top of the value axis: a round number at or above the largest value.
    var axisMaximum: Int {
        let largest = max(bars.map(\.value).max() ?? 0, 1)
        let rough = (largest + Self.tickCount - 1) / Self.tickCount
        var magnitude = 1
        while magnitude * 10 <= rough { magnitude *= 10 }
        let step = [1, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        return step * Self.tickCount
    }

    /// The values for the chart partial.
    var mustacheValue: MustacheValue {
        let maximum = axisMaximum
        let slot = Double(Self.plotWidth) / Double(max(bars.count, 1))
        let barWidth = max(slot * 0.7, 1)
        let slanted = bars.count > 10
        let baseline = Self.top + Self.plotHeight
        let bars: [MustacheValue] = bars.enumerated().map { index, bar in
            let barHeight = Double(Self.plotHeight) * Double(max(bar.value, 0)) / Double(maximum)
            let x = Double(Self.left) + slot * Double(index) + (slot - barWidth) / 2
            let center = x + barWidth / 2
            return .object([
                "x": .string(Self.number(x)), "y": .string(Self.number(Double(baseline) - barHeight)),
                "width": .string(Self.number(barWidth)), "height": .string(Self.number(barHeight)),
                "labelX": .string(Self.number(center)), "labelY": .string(String(baseline + 16)),
                "labelTransform": .string(slanted ? "rotate(-40 \(Self.number(center)) \(baseline + 16))" : ""),
                "label": .string(bar.label), "valueText": .string(format(bar.value)),
                "pointX": .string(Self.number(center)), "pointY": .string(Self.number(Double(baseline) - barHeight)),
            ])
        }
        let points = self.bars.enumerated().map { index, bar in
            let x = Double(Self.left) + slot * Double(index) + slot / 2
            let y = Double(baseline) - Double(Self.plotHeight) * Double(max(bar.value, 0)) / Double(maximum)
            return (index == 0 ? "M" : "L") + Self.number(x) + " " + Self.number(y)
        }
        let ticks: [MustacheValue] = (0...Self.tickCount).map { step in
            let y = baseline - Self.plotHeight * step / Self.tickCount
            return .object(["y": .string(String(y)), "textY": .string(String(y + 4)),
                            "text": .string(format(maximum * step / Self.tickCount))])
        }
        return .object([
            "id": .string(id), "title": .string(title),
            "width": .string(String(Self.width)), "height": .string(String(Self.height)),
            "viewBox": .string("0 0 \(Self.width) \(Self.height)"),
            "axis": .string("M\(Self.left) \(Self.top) V\(baseline) H\(Self.width - Self.right)"),
            "axisX": .string(String(Self.left - 6)), "gridRight": .string(String(Self.width - Self.right)),
            "left": .string(String(Self.left)), "titleX": .string(String(Self.width / 2)),
            "labelAnchor": .string(slanted ? "end" : "middle"),
            "bars": .list(bars), "ticks": .list(ticks), "hasBars": .bool(!self.bars.isEmpty),
            "isLine": .bool(style == .line), "linePath": .string(points.joined(separator: " ")),
        ])
    }

    /// `12.5` → `12.5`, `12.0` → `12`: short coordinates for the SVG.
    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
