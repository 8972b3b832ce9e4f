/// A bar or line chart drawn as inline SVG on the server, as the page describes it: its
/// categories and values and how values are written. `ChartViewModel` works out the drawing.
/// No JavaScript.
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
    static let plotWidth = width - left - right, plotHeight = height - top - bottom
    /// Steps of the value axis above zero.
    static let tickCount = 4

    /// The top of the value axis: a round number at or above the largest value.
    var axisMaximum: Int {
        let largest = max(bars.map(\.value).max() ?? 0, 1)
        let rough = (largest + Self.tickCount - 1) / Self.tickCount
        var magnitude = 1
        while magnitude * 10 <= rough { magnitude *= 10 }
        let step = [1, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        return step * Self.tickCount
    }
}
