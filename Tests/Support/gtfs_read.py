#!/usr/bin/env python3
"""Reads Railbook's open feeds with independent GTFS readers and prints what they found as JSON:
the schedule (a GTFS zip) with partridge, the realtime feeds (TripUpdates and Alerts) with Google's
gtfs-realtime-bindings.

Usage: gtfs_read.py schedule FEED.zip TRIP_ID | trip-updates FILE.pb | alerts FILE.pb
"""
import json
import sys


def schedule(path, trip_id):
    import partridge
    feed = partridge.load_feed(path)
    stop_times = feed.stop_times[feed.stop_times.trip_id == trip_id].sort_values("stop_sequence")
    dates = sorted(str(d) for d in feed.calendar_dates[feed.calendar_dates.service_id == trip_id].date)
    return {
        "agency": feed.agency.agency_name.tolist(),
        "stops": len(feed.stops), "routes": len(feed.routes), "trips": len(feed.trips),
        "route_type": feed.routes[feed.routes.route_id == trip_id].route_type.astype(int).tolist(),
        "stop_times": [[row.stop_id, int(row.arrival_time), int(row.departure_time), int(row.stop_sequence)]
                       for row in stop_times.itertuples()],
        "dates": dates,
        "positions": {row.stop_id: [float(row.stop_lat), float(row.stop_lon)]
                      for row in feed.stops.itertuples() if row.stop_lat == row.stop_lat},
    }


def message(path):
    from google.transit import gtfs_realtime_pb2
    feed = gtfs_realtime_pb2.FeedMessage()
    with open(path, "rb") as data:
        feed.ParseFromString(data.read())
    return feed


def trip_updates(path):
    feed = message(path)
    return {
        "version": feed.header.gtfs_realtime_version,
        "entities": [{
            "trip_id": e.trip_update.trip.trip_id, "start_date": e.trip_update.trip.start_date,
            "relationship": e.trip_update.trip.schedule_relationship,
            "stops": [[u.stop_sequence, u.stop_id,
                       u.arrival.delay if u.HasField("arrival") else None,
                       u.departure.delay if u.HasField("departure") else None,
                       u.arrival.time if u.HasField("arrival") else None]
                      for u in e.trip_update.stop_time_update],
        } for e in feed.entity if e.HasField("trip_update")],
    }


def alerts(path):
    feed = message(path)
    return {"entities": [{
        "trips": [s.trip.trip_id + "/" + s.trip.start_date for s in e.alert.informed_entity],
        "effect": e.alert.effect,
        "header": {t.language: t.text for t in e.alert.header_text.translation},
    } for e in feed.entity if e.HasField("alert")]}


if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "schedule":
        result = schedule(sys.argv[2], sys.argv[3])
    elif kind == "trip-updates":
        result = trip_updates(sys.argv[2])
    else:
        result = alerts(sys.argv[2])
    print(json.dumps(result, ensure_ascii=False))
