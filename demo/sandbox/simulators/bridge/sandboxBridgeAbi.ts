import { parseAbi } from 'viem'

/** ABI of `SandboxBridge.sol` (the compiled artifact's, typed for viem). */
export const sandboxBridgeAbi = parseAbi([
  'struct Fee { address recipient; uint256 ppm; }',
  'struct Order { address sellToken; uint256 sellAmount; address[] path; uint256 minBridgeAmount; uint256 destinationChainId; address destinationToken; address recipient; uint256 amountOut; uint256 minAmountOut; uint256 deadline; Fee[] fees; }',
  'function deposit(Order order) payable returns (bytes32 transferId)',
  'function close(bytes32 transferId, bool refund)',
  'function locked(bytes32 transferId) view returns (address sender, address token, uint256 amount, bool closed)',
  'function relayer() view returns (address)',
  'event BridgeDeposited(bytes32 indexed transferId, address indexed sender, address token, uint256 amount, uint256 destinationChainId, address destinationToken, address recipient, uint256 amountOut, uint256 minAmountOut)',
  'event BridgeClosed(bytes32 indexed transferId, address indexed to, address token, uint256 amount, bool refunded)',
])
