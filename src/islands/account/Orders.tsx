import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { type Locale, type MessageKey, t } from '#i18n/index.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { $orders, loadOrders } from '#stores/orders.ts';
import { AddressLines } from './Addresses.tsx';
import LineHeadings from './LineHeadings.tsx';
import Loading from './Loading.tsx';
import Reorder from './Reorder.tsx';
import ShopEmpty from './ShopEmpty.tsx';

/** The customer's orders, newest first, each with its status, address, lines and total. */
export default function Orders({ locale }: { locale: Locale }) {
  const orders = useStore($orders);
  useEffect(() => {
    void loadOrders();
  }, []);

  if (!orders) {
    return <Loading locale={locale} />;
  }
  if (orders.length === 0) {
    return <ShopEmpty locale={locale} text={t(locale, 'order.empty')} />;
  }
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.id} className="order-card" data-order-no={order.orderNo}>
          <h2>{t(locale, 'order.number', { orderNo: order.orderNo })}</h2>
          <dl className="facts">
            <dt>{t(locale, 'order.status')}</dt>
            <dd>
              <span className={`status status-${order.status}`}>
                {t(locale, `status.${order.status}` as MessageKey)}
              </span>
            </dd>
            <dt>{t(locale, 'order.date')}</dt>
            <dd>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt, locale)}</time>
            </dd>
            <dt>{t(locale, 'order.deliverTo')}</dt>
            <dd>
              <AddressLines address={order.address} />
            </dd>
            {order.remark && (
              <>
                <dt>{t(locale, 'order.remark')}</dt>
                <dd>{order.remark}</dd>
              </>
            )}
          </dl>
          <div className="table-scroll">
            <table className="cart-table">
              <thead>
                <tr>
                  <LineHeadings locale={locale} />
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.productId}>
                    <th scope="row">{line.name}</th>
                    <td className="part-number">{line.partNumber}</td>
                    <td>{line.quantity}</td>
                    <td>{formatPrice(line.unitPrice, order.currency, locale)}</td>
                    <td>{formatPrice(line.total, order.currency, locale)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    {t(locale, 'order.total')}
                  </th>
                  <td className="grand-total">{formatPrice(order.total, order.currency, locale)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <Reorder locale={locale} source="order" id={order.id} />
        </li>
      ))}
    </ul>
  );
}
