/// A chart as `admin/_chart.mustache` draws it: the coordinates of every bar or point, the value
/// axis with its ticks and the category labels, all worked out here from a `Chart`.
struct ChartViewModel: Encodable {
    /// One bar (or point of the line) with its category label.
    struct Bar: Encodable {
        let x: String
        let y: String
        let width: String
        let height: String
        let labelX: String
        let labelY: String
        /// Slants the labels when there are many bars; empty otherwise.
        let labelTransform: String
        let label: String
        let valueText: String
        /// The point of a line chart.
        let pointX: String
        let pointY: String
    }

    /// One step of the value axis, with its grid line.
    struct Tick: Encodable {
        let y: String
        let textY: String
        let text: String
    }

    let id: String
    let title: String
    let width: String
    let height: String
    let viewBox: String
    /// The path of both axes.
    let axis: String
    /// Where the tick texts end, and where the grid lines start and end.
    let axisX: String
    let gridRight: String
    let left: String
    let titleX: String
    /// `end` for slanted labels, `middle` otherwise.
    let labelAnchor: String
    let bars: [Bar]
    let ticks: [Tick]
    let hasBars: Bool
    let isLine: Bool
    /// The line through the points of a line chart.
    let linePath: String

    /// The drawing of `chart`.
    init(_ chart: Chart) {
        let maximum = chart.axisMaximum
        let slot = Double(Chart.plotWidth) / Double(max(chart.bars.count, 1))
        let barWidth = max(slot * 0.7, 1)
        let slanted = chart.bars.count > 10
        let baseline = Chart.top + Chart.plotHeight
        bars = chart.bars.enumerated().map { index, bar in
            let barHeight = Double(Chart.plotHeight) * Double(max(bar.value, 0)) / Double(maximum)
            let x = Double(Chart.left) + slot * Double(index) + (slot - barWidth) / 2
            let center = x + barWidth / 2
            return Bar(
                x: Self.number(x), y: Self.number(Double(baseline) - barHeight), width: Self.number(barWidth),
                height: Self.number(barHeight), labelX: Self.number(center), labelY: String(baseline + 16),
                labelTransform: slanted ? "rotate(-40 \(Self.number(center)) \(baseline + 16))" : "",
                label: bar.label, valueText: chart.format(bar.value),
                pointX: Self.number(center), pointY: Self.number(Double(baseline) - barHeight))
        }
        let points = chart.bars.enumerated().map { index, bar in
            let x = Double(Chart.left) + slot * Double(index) + slot / 2
            let y = Double(baseline) - Double(Chart.plotHeight) * Double(max(bar.value, 0)) / Double(maximum)
            return (index == 0 ? "M" : "L") + Self.number(x) + " " + Self.number(y)
        }
        ticks = (0...Chart.tickCount).map { step in
            let y = baseline - Chart.plotHeight * step / Chart.tickCount
            return Tick(y: String(y), textY: String(y + 4), text: chart.format(maximum * step / Chart.tickCount))
        }
        id = chart.id
        title = chart.title
        width = String(Chart.width)
        height = String(Chart.height)
        viewBox = "0 0 \(Chart.width) \(Chart.height)"
        axis = "M\(Chart.left) \(Chart.top) V\(baseline) H\(Chart.width - Chart.right)"
        axisX = String(Chart.left - 6)
        gridRight = String(Chart.width - Chart.right)
        left = String(Chart.left)
        titleX = String(Chart.width / 2)
        labelAnchor = slanted ? "end" : "middle"
        hasBars = !chart.bars.isEmpty
        isLine = chart.style == .line
        linePath = points.joined(separator: " ")
    }

    /// `12.5` → `12.5`, `12.0` → `12`: short coordinates for the SVG.
    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
